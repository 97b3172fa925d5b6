import type { GameMetadata } from '@ruthless/protocol';
import type { GamesRepository } from '../games/games.repository';
import type { Phones } from '../realtime/phones';

/** How long changes to one game are gathered before one update goes out. */
export const METADATA_COALESCE_MS = 250;

/**
 * Pushes docs/player-app.md's live game metadata (maxTickets, ticketsAvailable, roomUuid) to every viewer
 * shortly after a change. Changes within the window are coalesced, and the figures are read from
 * the database when the update goes out, so a burst of claims sends one current update.
 */
export class MetadataPublisher {
  private readonly pending = new Set<string>();
  private timer: NodeJS.Timeout | undefined;

  constructor(
    private readonly games: GamesRepository,
    private readonly phones: Pick<Phones, 'metadata'>,
    private readonly onError: (error: unknown) => void,
  ) {}

  /** Notes that a game's tickets changed. */
  touch(gameId: string): void {
    this.pending.add(gameId);
    this.timer ??= setTimeout(() => void this.flush(), METADATA_COALESCE_MS);
  }

  async flush(): Promise<void> {
    clearTimeout(this.timer);
    this.timer = undefined;
    const gameIds = [...this.pending];
    this.pending.clear();
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

  stop(): void {
    clearTimeout(this.timer);
    this.timer = undefined;
  }
}
