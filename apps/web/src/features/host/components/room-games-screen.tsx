import { useState, type FormEvent } from 'react';
import { useParams } from 'react-router';
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
import { Button, LinkButton } from '@/components/ui/button';
import { Field, FormAlert } from '@/components/ui/form-field';
import shared from './host-console.module.css';
import styles from './room-games-screen.module.css';

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
    <form className={shared.form} onSubmit={onSubmit} aria-label="Duplicate game">
      <p className={shared.hint}>
        Same tickets, prizes, timings and video as the game of {formatStart(game.gameStartTime)}, with a new
        seed.
      </p>
      <Field label={`New start (${hostTimeZone()})`}>
        <input
          type="datetime-local"
          value={start}
          onChange={(event) => setStart(event.target.value)}
          required
        />
      </Field>
      {error && <FormAlert>{error}</FormAlert>}
      <div className={shared.formActions}>
        <Button type="submit" disabled={duplicate.isPending}>
          Duplicate
        </Button>
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
      <section className={shared.panel} aria-labelledby="games-title">
        <header className={shared.panelHead}>
          <h1 id="games-title" className={shared.panelTitle}>
            Games {room ? `of ${room.name}` : ''}
          </h1>
          <span className={shared.count}>{list.length}</span>
          <LinkButton to={`/host/rooms/${roomUuid}/analytics`} variant="glass" size="sm">
            Analytics
          </LinkButton>
        </header>
        <div className={shared.panelBody} style={{ padding: 0 }}>
          {games.isError && <p className={shared.error}>{errorMessage(games.error)}</p>}
          {list.length === 0 && !games.isPending && (
            <p className={shared.empty}>No games yet: schedule one.</p>
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
                      <span className={shared.muted}>lucky fate {game.prizeLuckyFateSelections}</span>
                    </td>
                    <td>
                      <span className={shared.chip} data-tone={tone(game.state)}>
                        {game.state}
                      </span>
                    </td>
                    <td className={shared.mono}>
                      {game.maxTickets - game.ticketsAvailable}/{game.maxTickets}
                    </td>
                    <td className={shared.mono}>
                      {formatCurrency(game.prizes.oneLine)} · {formatCurrency(game.prizes.twoLines)} ·{' '}
                      {formatCurrency(game.prizes.fullHouse)}
                    </td>
                    <td className={shared.commitment} title={`SHA-256 of the seed: ${game.commitment}`}>
                      {game.commitment.slice(0, 16)}…
                    </td>
                    <td>
                      <div className={styles.rowActions}>
                        <LinkButton to={`/host/games/${game.gameUuid}`} size="sm">
                          Live
                        </LinkButton>
                        {game.state === 'ended' && (
                          <LinkButton to={`/host/games/${game.gameUuid}/analytics`} variant="glass" size="sm">
                            Figures
                          </LinkButton>
                        )}
                        <Button
                          variant="glass"
                          size="sm"
                          disabled={!isOpen(game)}
                          onClick={() => setSide({ kind: 'edit', game })}
                        >
                          Edit
                        </Button>
                        <Button
                          variant="glass"
                          size="sm"
                          onClick={() => setSide({ kind: 'duplicate', game })}
                        >
                          Duplicate
                        </Button>
                        <ConfirmButton
                          variant="ruby"
                          size="sm"
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
      <div className={shared.sideStack}>
        <section className={shared.panel} aria-label="Game settings">
          <header className={shared.panelHead}>
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
          <div className={shared.panelBody}>
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
