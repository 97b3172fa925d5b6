import { LinkButton } from '@/components/ui/button';
import { ArrowLeftIcon } from '@/components/ui/icons';
import { PageHeader } from '@/components/ui/page-header';
import { Panel } from '@/components/ui/panel';
import { TicketPlaceholder } from '@/components/ui/ticket-placeholder';
import styles from './purchase.module.css';

/**
 * Ticket office for a pre-game purchase, loaded on demand. The purchase issue fills it: the
 * game's prizes, the three face-down lucky-fate cards and the claim.
 */
export function PurchaseRoute() {
  return (
    <>
      <PageHeader eyebrow="Ticket office" title="Claim Your Ticket">
        One free ticket per player. Pick a lucky-fate card before the show and it rides on everything your
        ticket wins.
      </PageHeader>

      <Panel tone="gold" className={styles.panel} aria-label="Your ticket">
        <TicketPlaceholder />
        <div className={styles.cards} aria-label="Lucky-fate cards" role="group">
          {['x?', 'x?', 'x?'].map((text, i) => (
            <div key={i} className={styles.card} aria-hidden="true">
              <span>{text}</span>
            </div>
          ))}
        </div>
        <p className={styles.text}>
          Three cards, face down: one hides x1, x2 or x3. Yours stays secret until the reveal.
        </p>
      </Panel>

      <LinkButton to="/" variant="glass" fullWidth icon={<ArrowLeftIcon />}>
        Back to the lobby
      </LinkButton>
    </>
  );
}
