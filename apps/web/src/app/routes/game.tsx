import { useParams } from 'react-router';
import { PageHeader } from '@/components/ui/page-header';
import { Panel } from '@/components/ui/panel';
import { TicketPlaceholder } from '@/components/ui/ticket-placeholder';
import styles from './game.module.css';

/**
 * The live game, loaded on demand. The game issue fills it: host video, the reels, the balls as
 * they are called, the ticket marking itself, the near-win queue and the final's share-or-steal.
 */
export function GameRoute() {
  const { id = '' } = useParams();

  return (
    <>
      <PageHeader eyebrow={<span className={styles.offAir}>Off air</span>} title="Live Game">
        The green room opens five minutes before the first ball. Grab a seat and wait for the lights.
      </PageHeader>

      <div className={styles.video} role="img" aria-label="Host video: the host is getting ready">
        <div className={styles.bars} aria-hidden="true" />
        <p className={styles.videoText}>The host is getting ready</p>
        <span className={styles.ref}>Show {id.slice(0, 8)}</span>
      </div>

      <dl className={styles.status}>
        <div>
          <dt>Balls</dt>
          <dd>–</dd>
        </div>
        <div>
          <dt>Playing for</dt>
          <dd>–</dd>
        </div>
        <div>
          <dt>Pot</dt>
          <dd>–</dd>
        </div>
      </dl>

      <Panel className={styles.ticket} aria-label="Your ticket">
        <TicketPlaceholder />
      </Panel>
    </>
  );
}
