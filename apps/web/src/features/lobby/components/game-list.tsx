import type { LobbyGame, Room } from '@ruthless/protocol';
import { Panel } from '@/components/ui/panel';
import { formatCurrency } from '@/lib/currency';
import { GameRow } from './game-row';
import styles from './game-list.module.css';

export interface GameListProps {
  room: Room;
  heldGameUuids: ReadonlySet<string>;
  claimingGameUuid: string | null;
  onClaim: (game: LobbyGame) => void;
  /** The player is on a break or self-excluded: no claim is offered. */
  onBreak?: boolean;
}

/**
 * The selected room's games, or 'No Scheduled Games'; an all-steal pot waiting for the room's
 * next game is announced above them.
 */
export function GameList({ room, heldGameUuids, claimingGameUuid, onClaim, onBreak = false }: GameListProps) {
  return (
    <Panel className={styles.panel} aria-labelledby="games-title">
      <header className={styles.header}>
        <h2 id="games-title" className={styles.title}>
          {room.name}
        </h2>
        <p className={styles.count}>{room.games.length === 1 ? '1 game' : `${room.games.length} games`}</p>
      </header>
      {room.rolloverPence > 0 && (
        <p className={styles.rollover} data-testid="room-rollover">
          {formatCurrency(room.rolloverPence)} rolls over into the next game!
        </p>
      )}
      {room.games.length === 0 ? (
        <div className={styles.empty}>
          <div className={styles.balls} aria-hidden="true">
            <span>7</span>
            <span>42</span>
            <span>90</span>
          </div>
          <p className={styles.emptyTitle}>No Scheduled Games</p>
          <p className={styles.emptyText}>The host is lining up the next show. Check back soon.</p>
        </div>
      ) : (
        // The key remounts the rows on a room change, so they deal in like cards.
        <ol className={styles.list} key={room.roomUuid} aria-label={`Games in ${room.name}`}>
          {room.games.map((game) => (
            <GameRow
              key={game.gameUuid}
              game={game}
              roomName={room.name}
              ticketHeld={heldGameUuids.has(game.gameUuid)}
              isClaiming={claimingGameUuid === game.gameUuid}
              onClaim={onClaim}
              onBreak={onBreak}
            />
          ))}
        </ol>
      )}
    </Panel>
  );
}
