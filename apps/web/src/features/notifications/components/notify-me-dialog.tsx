import { useState } from 'react';
import { Button } from '@/components/ui/button';
import { Modal } from '@/components/ui/modal';
import { toast } from '@/lib/toast';
import { rememberDeclined, turnOnPush } from '../api/push-subscription';
import { notificationMessages as text } from '../messages';

/**
 * The app's own question before the browser's (NotifyMePrompt and FollowRoomButton say when it
 * is asked), with what the notifications will be about.
 */
export function NotifyMeDialog({ onDone, body = text.askBody }: { onDone: () => void; body?: string }) {
  const [busy, setBusy] = useState(false);
  const notNow = () => {
    rememberDeclined();
    onDone();
  };
  const notifyMe = async () => {
    setBusy(true);
    try {
      if ((await turnOnPush()) === 'on') toast.success(text.on);
    } catch {
      toast.error(text.failed);
    } finally {
      setBusy(false);
      onDone();
    }
  };
  return (
    <Modal
      title={text.askTitle}
      testId="notify-me"
      onClose={notNow}
      actions={
        <>
          <Button variant="gold" fullWidth onClick={() => void notifyMe()} disabled={busy}>
            {text.askYes}
          </Button>
          <Button variant="glass" fullWidth onClick={notNow} disabled={busy}>
            {text.askNo}
          </Button>
        </>
      }
    >
      <p>{body}</p>
    </Modal>
  );
}
