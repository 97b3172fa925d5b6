import { format } from '@/lib/dates';
import type { LobbyGame } from '@ruthless/protocol';
import { LinkButton } from '@/components/ui/button';
import { formatCurrency } from '@/lib/currency';
import { useCountdownCompleted } from '../hooks/use-countdown';
import { InProgressImage } from './in-progress-image';
import { RemindMeButton } from './remind-me-button';
import { StartCountdown } from './start-countdown';
import { TicketButton, ticketButtonState } from './ticket-button';
import { TicketsAvailable } from './tickets-available';
import { luckyFateLine } from '../utils/lucky-fate-line';
import styles from './game-row.module.css';

/** docs/player-app.md (Start-up gate): a started game shows its start as 'h:mma dd/MM/yy'. */
export const START_TIME_FORMAT = 'h:mma dd/MM/yy';

export interface GameRowProps {
  game: LobbyGame;
  roomName: string;
  ticketHeld: boolean;
  isClaiming: boolean;
  onClaim: (game: LobbyGame) => void;
  /** The player is on a break or self-excluded: no claim is offered. */
  onBreak?: boolean;
}

/** One game of a room: when, the countdown or the ON AIR sign, the ticket, the reminder, the count. */
export function GameRow({ game, roomName, ticketHeld, isClaiming, onClaim, onBreak = false }: GameRowProps) {
  const completed = useCountdownCompleted(game.gameStartTime);
  // docs/player-app.md (Start-up gate): once the countdown completes the game counts as started.
  const started = game.hasGameStarted || completed;
  // The green room is before the start: the countdown runs on and tickets can still be claimed.
  const greenRoom = !started && game.state === 'green-room';
  const start = new Date(game.gameStartTime);
  const state = ticketButtonState(game, { held: ticketHeld, started, onBreak });
  // Just ended: listed a while with its results (docs/game-rules.md, stage 8).
  if (game.state === 'ended') return <EndedGameRow game={game} roomName={roomName} />;

  return (
    <li
      className={[styles.row, started ? styles.started : '', ticketHeld ? styles.held : ''].join(' ')}
      data-game-uuid={game.gameUuid}
      data-stage={started ? 'started' : greenRoom ? 'green-room' : 'scheduled'}
      aria-label={`${roomName} game at ${format(start, START_TIME_FORMAT)}`}
    >
      <div className={styles.head}>
        <p className={styles.when}>
          <span className={styles.time}>{format(start, 'h:mma')}</span>
          <span className={styles.date}>{format(start, 'EEE d MMM')}</span>
        </p>
        <p className={styles.pot}>
          <span className={styles.potLabel}>Full house</span>
          <span className={styles.potValue}>{formatCurrency(game.prizes.fullHouse)}</span>
          {game.rolloverPence > 0 && (
            <span className={styles.rollover}>incl. {formatCurrency(game.rolloverPence)} rollover</span>
          )}
        </p>
      </div>

      <div className={styles.stage}>
        {started ? (
          <div className={styles.onAir}>
            <InProgressImage />
            <p className={styles.startedAt}>
              Started <time dateTime={game.gameStartTime}>{format(start, START_TIME_FORMAT)}</time>
            </p>
          </div>
        ) : (
          <div className={styles.countdown}>
            <StartCountdown startTime={game.gameStartTime} greenRoom={greenRoom} />
          </div>
        )}
      </div>

      <p className={styles.mode}>{luckyFateLine(game.prizeLuckyFateSelections, started)}</p>

      <div className={[styles.actions, started ? styles.single : ''].join(' ')}>
        <TicketButton game={game} state={state} isClaiming={isClaiming} onClaim={() => onClaim(game)} />
        {!started && (
          <RemindMeButton
            gameUuid={game.gameUuid}
            gameStartTime={game.gameStartTime}
            roomName={roomName}
            url={window.location.origin}
          />
        )}
      </div>

      <TicketsAvailable available={game.ticketsAvailable} max={game.maxTickets} />
    </li>
  );
}

/** A show that just ended: its start, and the way to its results and to watch it again. */
function EndedGameRow({ game, roomName }: { game: LobbyGame; roomName: string }) {
  const start = new Date(game.gameStartTime);
  return (
    <li
      className={[styles.row, styles.started].join(' ')}
      data-game-uuid={game.gameUuid}
      data-stage="ended"
      aria-label={`${roomName} game at ${format(start, START_TIME_FORMAT)}`}
    >
      <div className={styles.head}>
        <p className={styles.when}>
          <span className={styles.time}>{format(start, 'h:mma')}</span>
          <span className={styles.date}>{format(start, 'EEE d MMM')}</span>
        </p>
        <p className={styles.pot}>
          <span className={styles.potLabel}>Show over</span>
          <span className={styles.potValue}>That’s the show!</span>
        </p>
      </div>
      <div className={styles.actions}>
        <LinkButton to={`/game/${game.gameUuid}`} variant="gold" fullWidth>
          See the results
        </LinkButton>
        <LinkButton to={`/game/${game.gameUuid}/replay`} variant="glass" fullWidth>
          Watch again
        </LinkButton>
      </div>
    </li>
  );
}
