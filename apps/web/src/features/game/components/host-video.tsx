import { useEffect, type RefObject } from 'react';
import type { Stage } from '@ruthless/game';
import type { ChosenSource } from '@/lib/video-source';
import { DEMO_POSTER } from '@/lib/video-source';
import styles from './host-video.module.css';

const stageTag: Record<Stage, string> = {
  scheduled: 'Coming up',
  'green-room': 'Green room',
  reels: 'Reels',
  'lucky-fate': 'Lucky fate',
  draw: 'Eyes down',
  ruthless: 'The final',
  reveal: 'The reveal',
  ended: 'Show over',
  cancelled: 'Cancelled',
};

export interface HostVideoProps {
  videoRef: RefObject<HTMLVideoElement | null>;
  chosen: ChosenSource | null;
  error: string | null;
  stage: Stage;
  muted: boolean;
  preview: boolean;
  latencyMs: number;
}

/** The studio: the host's video in a lit frame, with the on-air tag and the stage. */
export function HostVideo({ videoRef, chosen, error, stage, muted, preview, latencyMs }: HostVideoProps) {
  const onAir = !['scheduled', 'ended', 'cancelled'].includes(stage);
  // The demo loop's studio graphic says "● LIVE": once the show is over it stops behind an end card.
  const offAirCard = !!chosen?.demo && (stage === 'ended' || stage === 'cancelled');
  useEffect(() => {
    if (offAirCard) videoRef.current?.pause();
  }, [offAirCard, videoRef]);
  return (
    <figure className={styles.frame}>
      <video
        ref={videoRef}
        className={styles.video}
        playsInline
        preload="auto"
        poster={chosen?.demo ? DEMO_POSTER : undefined}
        aria-label="Host live video"
        data-testid="host-video"
        data-source={chosen?.url}
        data-preview={preview || undefined}
      />
      {offAirCard && (
        <div className={styles.endCard} data-testid="off-air-card">
          <p className={styles.endTitle}>{stage === 'ended' ? 'That’s the show!' : 'Show cancelled'}</p>
          <p className={styles.endText}>Off air · see you at the next one</p>
        </div>
      )}
      {error && (
        <div className={styles.error} role="alert">
          <div className={styles.bars} aria-hidden="true" />
          <p>{error}</p>
        </div>
      )}
      <figcaption className={styles.tags}>
        <span className={[styles.onAir, onAir ? styles.live : ''].join(' ')}>
          {onAir ? 'On air' : 'Off air'}
        </span>
        <span className={styles.stage}>{stageTag[stage]}</span>
      </figcaption>
      <span className={styles.corner}>
        {preview
          ? 'Preview · muted'
          : muted
            ? 'Muted'
            : chosen?.kind === 'hls' && latencyMs > 0
              ? `Live +${(latencyMs / 1000).toFixed(1)}s`
              : ''}
      </span>
    </figure>
  );
}
