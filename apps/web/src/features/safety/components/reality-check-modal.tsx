import type { RealityCheck } from '@ruthless/protocol/safety';
import { Button } from '@/components/ui/button';
import { Modal } from '@/components/ui/modal';
import { formatCurrency } from '@/lib/currency';
import { formatClock, playedLabel, safetyMessages as text } from '../messages';
import styles from './reality-check.module.css';

/** 'Reality check': the session's time, shows and winnings as the server counted them. */
export function RealityCheckModal({
  figures,
  onKeepPlaying,
  onTakeABreak,
}: {
  figures: RealityCheck;
  onKeepPlaying: () => void;
  onTakeABreak: () => void;
}) {
  return (
    <Modal
      title={text.checkTitle}
      role="alertdialog"
      testId="reality-check"
      onClose={onKeepPlaying}
      actions={
        <>
          <Button variant="gold" fullWidth onClick={onKeepPlaying}>
            {text.keepPlaying}
          </Button>
          <Button variant="ruby" fullWidth onClick={onTakeABreak}>
            {text.takeABreak}
          </Button>
        </>
      }
    >
      <p>{text.checkPlayed(playedLabel(figures.playedMs), formatClock(figures.sessionStartedAt))}</p>
      <dl className={styles.figures}>
        <div className={styles.figure}>
          <dt>{text.checkShows}</dt>
          <dd data-testid="reality-check-shows">{figures.showsJoined}</dd>
        </div>
        <div className={styles.figure}>
          <dt>{text.checkWinnings}</dt>
          <dd data-testid="reality-check-winnings">{formatCurrency(figures.winningsPence)}</dd>
        </div>
      </dl>
    </Modal>
  );
}
