import { useState, type FormEvent } from 'react';
import { Link, useParams } from 'react-router';
import { toast } from '@/lib/toast';
import { isLiveStage, isStage } from '@ruthless/game';
import type { HostGame } from '@ruthless/protocol';
import { errorMessage } from '@/lib/api-client';
import { formatCurrency } from '@/lib/currency';
import { useCancelGame } from '../api/cancel-game';
import { useDuplicateGame } from '../api/duplicate-game';
import { useHostRooms } from '../api/get-host-rooms';
import { useRoomGames } from '../api/get-room-games';
import { formatStart, fromLocalInput, hostTimeZone, toLocalInput } from '../utils/time';
import { AuditList } from './audit-list';
import { ConfirmButton } from './confirm-button';
import { GameForm } from './game-form';
import { ScheduleForm } from './schedule-form';
import { formMessage } from '../utils/form-message';
import styles from './host-console.module.css';

type Side =
  | { kind: 'new' }
  | { kind: 'repeat' }
  | { kind: 'edit'; game: HostGame }
  | { kind: 'duplicate'; game: HostGame };

// The host's list carries the stage as a plain string (packages/protocol/src/host.ts).
const tone = (state: string) => (isStage(state) && isLiveStage(state) ? 'live' : state);
const isOpen = (game: HostGame) => game.state === 'scheduled' && Date.parse(game.gameStartTime) > Date.now();

function DuplicateForm({ game, onDone }: { game: HostGame; onDone: () => void }) {
  const [start, setStart] = useState(() => toLocalInput(Date.parse(game.gameStartTime) + 86_400_000));
  const [error, setError] = useState<string | null>(null);
  const duplicate = useDuplicateGame();
  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    const gameStartTime = fromLocalInput(start);
    if (!gameStartTime) return setError('Choose the start date and time.');
    duplicate.mutate(
      { gameUuid: game.gameUuid, gameStartTime },
      {
        onSuccess: (copy) => {
          toast.success(`Copy scheduled for ${formatStart(copy.gameStartTime)}`);
          onDone();
        },
        onError: (failure) => setError(formMessage(failure)),
      },
    );
  };
  return (
    <form className={styles.form} onSubmit={onSubmit} aria-label="Duplicate game">
      <p className={styles.hint}>
        Same tickets, prizes, timings and video as the game of {formatStart(game.gameStartTime)}, with a new
        seed.
      </p>
      <label className={styles.field}>
        New start ({hostTimeZone()})
        <input
          type="datetime-local"
          value={start}
          onChange={(event) => setStart(event.target.value)}
          required
        />
      </label>
      {error && (
        <p className={styles.error} role="alert">
          {error}
        </p>
      )}
      <div className={styles.formActions}>
        <button type="submit" className={`${styles.btn} ${styles.primary}`} disabled={duplicate.isPending}>
          Duplicate
        </button>
      </div>
    </form>
  );
}

/** A room's games: schedule, edit, duplicate, cancel, repeat; each game's commitment; the room's audit. */
export function RoomGamesScreen() {
  const { roomUuid = '' } = useParams();
  const rooms = useHostRooms();
  const games = useRoomGames(roomUuid);
  const cancel = useCancelGame();
  const [side, setSide] = useState<Side>({ kind: 'new' });
  const room = rooms.data?.find((candidate) => candidate.roomUuid === roomUuid);
  const list = games.data ?? [];

  return (
    <div className={styles.gamesLayout}>
      <section className={styles.panel} aria-labelledby="games-title">
        <header className={styles.panelHead}>
          <h1 id="games-title" className={styles.panelTitle}>
            Games {room ? `of ${room.name}` : ''}
          </h1>
          <span className={styles.count}>{list.length}</span>
        </header>
        <div className={styles.panelBody} style={{ padding: 0 }}>
          {games.isError && <p className={styles.error}>{errorMessage(games.error)}</p>}
          {list.length === 0 && !games.isPending && (
            <p className={styles.empty}>No games yet: schedule one.</p>
          )}
          {list.length > 0 && (
            <table className={styles.table} aria-label="Games">
              <thead>
                <tr>
                  <th>Start ({hostTimeZone()})</th>
                  <th>State</th>
                  <th>Tickets</th>
                  <th>Prizes</th>
                  <th>Commitment</th>
                  <th aria-label="Actions" />
                </tr>
              </thead>
              <tbody>
                {list.map((game) => (
                  <tr key={game.gameUuid} data-game={game.gameUuid}>
                    <td>
                      <strong>{formatStart(game.gameStartTime)}</strong>
                      <br />
                      <span className={styles.muted}>lucky fate {game.prizeLuckyFateSelections}</span>
                    </td>
                    <td>
                      <span className={styles.chip} data-tone={tone(game.state)}>
                        {game.state}
                      </span>
                    </td>
                    <td className={styles.mono}>
                      {game.maxTickets - game.ticketsAvailable}/{game.maxTickets}
                    </td>
                    <td className={styles.mono}>
                      {formatCurrency(game.prizes.oneLine)} · {formatCurrency(game.prizes.twoLines)} ·{' '}
                      {formatCurrency(game.prizes.fullHouse)}
                    </td>
                    <td className={styles.commitment} title={`SHA-256 of the seed: ${game.commitment}`}>
                      {game.commitment.slice(0, 16)}…
                    </td>
                    <td>
                      <div className={styles.roomActions} style={{ justifyContent: 'flex-end' }}>
                        <Link
                          to={`/host/games/${game.gameUuid}`}
                          className={`${styles.btn} ${styles.small} ${styles.primary}`}
                        >
                          Live
                        </Link>
                        <button
                          type="button"
                          className={`${styles.btn} ${styles.small}`}
                          disabled={!isOpen(game)}
                          onClick={() => setSide({ kind: 'edit', game })}
                        >
                          Edit
                        </button>
                        <button
                          type="button"
                          className={`${styles.btn} ${styles.small}`}
                          onClick={() => setSide({ kind: 'duplicate', game })}
                        >
                          Duplicate
                        </button>
                        <ConfirmButton
                          className={`${styles.btn} ${styles.small} ${styles.danger}`}
                          disabled={game.state !== 'scheduled' && game.state !== 'green-room'}
                          title="Cancel this game?"
                          message={`The game of ${formatStart(game.gameStartTime)} is called off: its tickets are released and their holders told. This cannot be undone.`}
                          confirmLabel="Cancel game"
                          onConfirm={() =>
                            cancel.mutate(game.gameUuid, {
                              onSuccess: () => toast.success('Game cancelled'),
                              onError: (error) => toast.error(errorMessage(error)),
                            })
                          }
                        >
                          Cancel
                        </ConfirmButton>
                      </div>
                    </td>
                  </tr>
                ))}
              </tbody>
            </table>
          )}
        </div>
      </section>
      <div className={styles.sideStack}>
        <section className={styles.panel} aria-label="Game settings">
          <header className={styles.panelHead}>
            <div className={styles.tabs} role="tablist">
              <button
                type="button"
                role="tab"
                className={styles.tab}
                aria-selected={side.kind === 'new'}
                onClick={() => setSide({ kind: 'new' })}
              >
                Schedule
              </button>
              <button
                type="button"
                role="tab"
                className={styles.tab}
                aria-selected={side.kind === 'repeat'}
                onClick={() => setSide({ kind: 'repeat' })}
              >
                Repeating
              </button>
              {side.kind === 'edit' && (
                <button type="button" role="tab" className={styles.tab} aria-selected>
                  Edit
                </button>
              )}
              {side.kind === 'duplicate' && (
                <button type="button" role="tab" className={styles.tab} aria-selected>
                  Duplicate
                </button>
              )}
            </div>
          </header>
          <div className={styles.panelBody}>
            {side.kind === 'new' && (
              <GameForm
                roomUuid={roomUuid}
                game={null}
                onDone={(game) => toast.success(`Game scheduled for ${formatStart(game.gameStartTime)}`)}
              />
            )}
            {side.kind === 'edit' && (
              <GameForm
                key={side.game.gameUuid}
                roomUuid={roomUuid}
                game={side.game}
                onDone={() => {
                  toast.success('Game saved');
                  setSide({ kind: 'new' });
                }}
              />
            )}
            {side.kind === 'repeat' && (
              <ScheduleForm roomUuid={roomUuid} onDone={(summary) => toast.success(summary)} />
            )}
            {side.kind === 'duplicate' && (
              <DuplicateForm
                key={side.game.gameUuid}
                game={side.game}
                onDone={() => setSide({ kind: 'new' })}
              />
            )}
          </div>
        </section>
        <AuditList roomUuid={roomUuid} />
      </div>
    </div>
  );
}
