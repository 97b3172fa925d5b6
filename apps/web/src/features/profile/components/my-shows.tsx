import { format } from '@/lib/dates';
import { Link } from 'react-router';
import type { MyShow } from '@ruthless/protocol';
import { Panel } from '@/components/ui/panel';
import { TitledSection } from '@/components/ui/titled-section';
import { Spinner } from '@/components/ui/spinner';
import { formatCurrency } from '@/lib/currency';
import { useSessionStore } from '@/stores/session-store';
import { useMyShows } from '../api/get-my-shows';
import styles from './my-shows.module.css';

/** The profile's 'My shows': past games with the ticket held, what it won, and the results. */
export function MyShows() {
  const playerUuid = useSessionStore((state) => state.playerUuid);
  const shows = useMyShows(playerUuid);

  return (
    <TitledSection titleId="my-shows-title" title="My shows">
      {shows.isPending ? (
        <Spinner label="Loading your shows" />
      ) : shows.isError ? (
        <p className={styles.muted}>Your shows could not be loaded. Please try again later.</p>
      ) : shows.data.length === 0 ? (
        <p className={styles.muted}>
          No shows yet. Claim a ticket in the lobby and your games will show here.
        </p>
      ) : (
        <ul className={styles.list} aria-label="Past shows">
          {shows.data.map((show) => (
            <ShowRow key={show.gameUuid} show={show} />
          ))}
        </ul>
      )}
    </TitledSection>
  );
}

function ShowRow({ show }: { show: MyShow }) {
  const won = show.winningsPence > 0;
  return (
    <li>
      <Panel as="article" tone={won ? 'gold' : 'glass'} className={styles.show}>
        <div className={styles.head}>
          <div>
            <p className={styles.room}>{show.roomName}</p>
            <p className={styles.when}>{format(new Date(show.startTime), 'h:mma dd/MM/yy')}</p>
          </div>
          <p className={[styles.won, won ? styles.winner : ''].join(' ')} data-testid="show-winnings">
            <span>{won ? 'You won' : 'No win'}</span>
            <strong>{formatCurrency(show.winningsPence)}</strong>
          </p>
        </div>
        <table className={styles.ticket} aria-label={`Ticket ${show.ticketIndex + 1}`}>
          <tbody>
            {show.ticket.map((row, r) => (
              <tr key={r}>
                {row.map((cell, c) => (
                  <td key={c} className={cell === null ? styles.blank : ''}>
                    {cell ?? ''}
                  </td>
                ))}
              </tr>
            ))}
          </tbody>
        </table>
        <div className={styles.foot}>
          {show.luckyFateMultiplier !== null && (
            <span className={styles.fate}>Lucky fate ×{show.luckyFateMultiplier}</span>
          )}
          <Link className={styles.replayLink} to={`/game/${show.gameUuid}/replay`}>
            Watch again
          </Link>
          <Link className={styles.link} to={`/game/${show.gameUuid}`}>
            Results & draw check
          </Link>
        </div>
      </Panel>
    </li>
  );
}
