import type { PlayBreak } from '@ruthless/protocol';
import { Panel } from '@/components/ui/panel';
import { formatUntil, safetyMessages as text } from '../messages';
import styles from './take-a-break.module.css';

/**
 * A player on a break or self-excluded, said up front where tickets are claimed (the lobby, the
 * ticket office), so no one picks a card to be refused at the end.
 */
export function BreakNotice({ away }: { away: PlayBreak }) {
  const until = formatUntil(away.endsAt);
  return (
    <Panel tone="gold" className={styles.panel}>
      <div className={styles.status} role="status" data-testid="break-notice">
        <strong>{away.kind === 'break' ? text.onBreak(until) : text.selfExcluded(until)}</strong>
        <span>{text.noClaims}</span>
      </div>
    </Panel>
  );
}
