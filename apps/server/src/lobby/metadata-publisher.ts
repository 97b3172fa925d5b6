import type { GameMetadata } from '@ruthless/protocol';
import type { GamesRepository } from '../games/games.repository';
import type { Phones } from '../realtime/phones';

/** How long changes to one game are gathered before one update goes out. */
export const METADATA_COALESCE_MS = 250;

/**
 * Pushes docs/player-app.md's live game metadata (maxTickets, ticketsAvailable, roomUuid) to every viewer
 * shortly after a change. Changes within the window are coalesced, and the figures are read from
 * the database when the update goes out, so a burst of claims sends one current update.
 *
 * In a cluster each process sends to its own viewers what it read itself, one read after another:
 * a phone's updates then come in the order they were read, so the last one it gets is the newest.
 * A process tells the others of the changes made on it, and each of them reads and sends in turn.
 */
export class MetadataPublisher {
  private readonly pending = new Set<string>();
  /** Changed on this process: the other processes are told at the next flush. */
  private readonly changedHere = new Set<string>();
  private timer: NodeJS.Timeout | undefined;
  /** The read and send under way: the next one starts after it. */
  private sending: Promise<void> = Promise.resolve();

  constructor(
    private readonly games: GamesRepository,
    private readonly phones: Pick<Phones, 'metadata' | 'tellPeersMetadataChanged'>,
    private readonly onError: (error: unknown) => void,
  ) {}

  /** Notes that a game's tickets changed on this process. */
  touch(gameId: string): void {
    this.changedHere.add(gameId);
    this.schedule(gameId);
  }

  /** Notes games whose tickets changed on another process (which tells its own viewers). */
  changedElsewhere(gameIds: string[]): void {
    for (const gameId of gameIds) this.schedule(gameId);
  }

  flush(): Promise<void> {
    clearTimeout(this.timer);
    this.timer = undefined;
    const gameIds = [...this.pending];
    this.pending.clear();
    if (this.changedHere.size > 0) {
      this.phones.tellPeersMetadataChanged([...this.changedHere]);
      this.changedHere.clear();
    }
    this.sending = this.sending.then(() => this.send(gameIds));
    return this.sending;
  }

  stop(): void {
    clearTimeout(this.timer);
    this.timer = undefined;
  }

  private schedule(gameId: string): void {
    this.pending.add(gameId);
    this.timer ??= setTimeout(() => void this.flush(), METADATA_COALESCE_MS);
  }

  private async send(gameIds: string[]): Promise<void> {
    try {
      for (const game of await this.games.findMany(gameIds)) {
        const metadata: GameMetadata = {
          gameUuid: game.id,
          roomUuid: game.roomId,
          maxTickets: game.maxTickets,
          ticketsAvailable: game.ticketsAvailable,
        };
        this.phones.metadata(metadata);
      }
    } catch (error) {
      this.onError(error);
    }
  }
}
