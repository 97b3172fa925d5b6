import { useState, type RefObject } from 'react';
import { toast } from '@/lib/toast';
import { Button } from '@/components/ui/button';
import { isMuted, resumeAudioContext, setMuted } from '@/lib/sound';
import { useClientStore } from '@/stores/client-store';
import { VIDEO_MISSING_MESSAGE } from '@/lib/video-source';
import { Modal } from '@/components/ui/modal';

/**
 * docs/player-app.md (Screens, Start-up gate): shown while the host video is suspended or needs a tap; Confirm tries to
 * play with sound: success clears both flags, failure says so and the modal stays. 'Continue
 * without sound' mutes the app (as the menu's Toggle Sound does) and plays the video muted.
 */
export function SoundRequiredModal({ videoRef }: { videoRef: RefObject<HTMLVideoElement | null> }) {
  const { needsUserInput, isSuspended } = useClientStore((state) => state.liveVideo);
  const setLiveVideo = useClientStore((state) => state.setLiveVideo);
  const [busy, setBusy] = useState(false);
  const [failed, setFailed] = useState<string | null>(null);

  if (!needsUserInput && !isSuspended) return null;

  const confirm = async () => {
    const video = videoRef.current;
    if (!video) {
      setFailed(VIDEO_MISSING_MESSAGE);
      toast.error(VIDEO_MISSING_MESSAGE);
      return;
    }
    setBusy(true);
    try {
      await resumeAudioContext();
      video.muted = isMuted();
      await video.play();
      setFailed(null);
      setLiveVideo({ needsUserInput: false, isSuspended: false });
    } catch {
      setFailed('The video could not start with sound. Please try again.');
      toast.error('Error resuming audio context.');
    } finally {
      setBusy(false);
    }
  };

  const continueMuted = async () => {
    setMuted(true);
    const video = videoRef.current;
    if (video) {
      video.muted = true;
      // Muted playback needs no permission; a stream not there yet starts with the next source.
      await video.play().catch(() => undefined);
    }
    setFailed(null);
    setLiveVideo({ needsUserInput: false, isSuspended: false });
  };

  return (
    <Modal
      title="Sound Interaction Required"
      testId="sound-modal"
      actions={
        <>
          <Button onClick={() => void confirm()} isLoading={busy}>
            Confirm
          </Button>
          <Button variant="glass" onClick={() => void continueMuted()} disabled={busy}>
            Continue without sound
          </Button>
        </>
      }
    >
      <p>Host live video requires permission on your device. Please confirm to allow audio.</p>
      {failed && (
        <p role="alert" style={{ color: '#ffc2d1' }}>
          {failed}
        </p>
      )}
    </Modal>
  );
}
