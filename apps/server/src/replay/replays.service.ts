import type { GameReplay } from '@ruthless/protocol/replay';
import type { LiveGames } from '../live/live-games.service';
import type { LiveRepository } from '../live/live.repository';
import { isHls } from './video';

/**
 * Ended shows, to watch again: the published event log (the same one "Check this draw" reads,
 * player ids as this game's pseudonyms) with what a phone needs to fold and show it.
 */
export class Replays {
  constructor(
    private readonly live: LiveGames,
    private readonly repository: LiveRepository,
  ) {}

  async replay(gameId: string, playerId: string | null): Promise<GameReplay | 'not-found' | 'not-ended'> {
    const log = await this.live.eventLog(gameId);
    if (typeof log === 'string') return log;
    const game = await this.live.get(gameId);
    if (!game) return 'not-found';
    const { row, state } = game;
    const holders = await this.repository.ticketHolders(gameId);
    const names =
      row.resultNames ?? Object.fromEntries(await this.repository.names(holders.map((h) => h.playerId)));
    const pseudonym = (id: string) => this.live.pseudonym(row.seedHex, id);
    const mine = playerId ? holders.find((holder) => holder.playerId === playerId) : undefined;
    const { prizes, luckyFateMode, timings, rolloverPence, maxTickets } = state.setup;
    return {
      ...log,
      roomUuid: row.roomId,
      gameStartTime: row.startTime.toISOString(),
      // A live stream's address is gone once the show is over: its recording, if the streaming
      // server kept one, stands in, else the studio loop.
      videoSource: row.recordingUrl ?? (row.videoSource && !isHls(row.videoSource) ? row.videoSource : null),
      videoStartedAt: row.recordingUrl ? (row.recordingStartedAt?.toISOString() ?? null) : null,
      setup: { prizes, luckyFateMode, timings, rolloverPence, maxTickets },
      names: Object.fromEntries(holders.map(({ playerId: id }) => [pseudonym(id), names[id] ?? 'Player'])),
      you: mine ? { playerId: pseudonym(mine.playerId), ticketIndex: mine.ticketIndex } : null,
    };
  }
}
