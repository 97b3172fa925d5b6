import { Button } from '@/components/ui/button';
import { Modal } from '@/components/ui/modal';

/** docs/player-app.md (Screens): leaving a game asks first. */
export function ExitModal({ onStay, onLeave }: { onStay: () => void; onLeave: () => void }) {
  return (
    <Modal
      title="Leave the show?"
      tone="ruby"
      testId="exit-modal"
      onEscape={onStay}
      actions={
        <>
          <Button variant="glass" onClick={onStay}>
            Stay
          </Button>
          <Button variant="ruby" onClick={onLeave}>
            Leave
          </Button>
        </>
      }
    >
      <p>Are you sure you want to leave the game?</p>
      <p>The show carries on without you: your ticket keeps marking itself and any prize is still yours.</p>
    </Modal>
  );
}
