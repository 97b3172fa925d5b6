import { useEffect, useRef } from 'react';
import { chooseSource, DEMO_POSTER } from '@/lib/video-source';
import styles from './live-screen.module.css';

/** The show's video, muted, as players get it (HLS through hls.js where the browser lacks it). */
export function VideoPreview({ source }: { source: string | null }) {
  const ref = useRef<HTMLVideoElement>(null);

  useEffect(() => {
    const video = ref.current;
    if (!video) return;
    const chosen = chooseSource(source, video);
    let destroy: (() => void) | undefined;
    let cancelled = false;
    if (chosen.kind === 'hls' && !video.canPlayType('application/vnd.apple.mpegurl')) {
      void import('hls.js').then(({ default: Hls }) => {
        if (cancelled || !Hls.isSupported()) return;
        const hls = new Hls({ lowLatencyMode: true });
        hls.loadSource(chosen.url);
        hls.attachMedia(video);
        destroy = () => hls.destroy();
      });
    } else {
      video.src = chosen.url;
    }
    void video.play().catch(() => undefined);
    return () => {
      cancelled = true;
      destroy?.();
    };
  }, [source]);

  return (
    <div>
      <div className={styles.video}>
        <video ref={ref} muted autoPlay loop playsInline poster={DEMO_POSTER} aria-label="Video preview" />
      </div>
      <span className={styles.videoNote} title={source ?? undefined}>
        {source ?? 'Studio loop (no video source set)'}
      </span>
    </div>
  );
}
