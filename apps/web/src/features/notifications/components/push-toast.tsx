import { Button } from '@/components/ui/button';
import type { PushShownInApp } from '@/lib/service-worker';
import { toast } from '@/lib/toast';
import { notificationMessages as text } from '../messages';
import styles from './push-toast.module.css';

/**
 * A push that came while the app was open in front of the player (public/push-sw.js hands it
 * over instead of showing the phone's banner): the same words as a toast, with a button to the
 * screen it is about. Nothing when the player is on that screen already.
 */
export function showPushToast(push: PushShownInApp, navigate: (path: string) => void): void {
  if (window.location.pathname === push.url) return;
  const toastId = `push-${push.url}`;
  toast.info(
    <div className={styles.push}>
      <strong className={styles.title}>{push.title}</strong>
      <span>{push.body}</span>
      <Button
        size="sm"
        onClick={() => {
          toast.dismiss(toastId);
          navigate(push.url);
        }}
      >
        {push.kind === 'you-won' ? text.goToResults : text.goToShow}
      </Button>
    </div>,
    // Stays until the player acts on it, as the phone's notification would; one per screen.
    { toastId, autoClose: false },
  );
}
