import { isFinished, type Stage } from '@ruthless/game';
import {
  playBreakKind,
  SafetyErrorCode,
  SafetyMessage,
  type HostBreakCounts,
  type PlayBreakPeriod,
  type PlayBreakStatus,
} from '@ruthless/protocol';
import type { FastifyBaseLogger } from 'fastify';
import { GroupedCalls } from '../db/grouped-calls';
import { ConflictError, ForbiddenError } from '../errors';
import type { Mail } from '../mail/mailer';
import { breakConfirmationMail } from './safety-mails';
import type { PlayBreakRow, SafetyRepository } from './safety.repository';

const HOUR_MS = 3_600_000;

/** When a break of `period` taken at `from` ends (months and years by the calendar, in UTC). */
export function breakEnd(period: PlayBreakPeriod, from: Date): Date {
  const end = new Date(from);
  switch (period) {
    case '24h':
      return new Date(from.getTime() + 24 * HOUR_MS);
    case '7d':
      return new Date(from.getTime() + 7 * 24 * HOUR_MS);
    case '30d':
      return new Date(from.getTime() + 30 * 24 * HOUR_MS);
    case '6m':
      end.setUTCMonth(end.getUTCMonth() + 6);
      return end;
    case '1y':
    case '2y':
    case '5y':
      end.setUTCFullYear(end.getUTCFullYear() + Number(period[0]));
      return end;
  }
}

const toStatus = (row: PlayBreakRow | undefined): PlayBreakStatus => ({
  current: row
    ? {
        kind: row.kind as 'break' | 'self-exclusion',
        period: row.period as PlayBreakPeriod,
        startedAt: row.startedAt.toISOString(),
        endsAt: row.endsAt.toISOString(),
      }
    : null,
});

/** Why a player who is away may not claim nor play: the one message of every path. */
export function awayRefusal(current: { kind: string; endsAt: Date }): ForbiddenError {
  return new ForbiddenError(
    SafetyErrorCode.onBreak,
    SafetyMessage.onBreak(current.kind as 'break' | 'self-exclusion', current.endsAt),
  );
}

/** What a game looks like to the join guard: only its stage matters. */
export type GameStateOf = (gameId: string) => Promise<Stage | undefined>;

/**
 * Take a break and self-exclusion: a player away cannot claim a ticket, enter a live show nor
 * play a move in one, on every path (socket joins and actions here; HTTP claims in the deal's own
 * statement, tickets/tickets.service.ts, refused with `awayRefusal` too); past results stay open
 * to them. A break is never shortened; hosts see only how many players are away.
 */
export class SafetyService {
  // A green room's joins ask at once (thousands of players): the checks waiting while one read
  // runs share the next read.
  private readonly breaksInForce = new GroupedCalls<string, PlayBreakRow | undefined>(
    async (_, playerIds) => {
      const current = await this.repository.currentOfMany(playerIds, this.clock());
      return playerIds.map((playerId) => current.get(playerId));
    },
    { maxGroup: 500, inFlight: 2 },
  );

  constructor(
    private readonly repository: SafetyRepository,
    private readonly sendMail: (mail: Mail) => Promise<void>,
    private readonly gameStateOf: GameStateOf,
    private readonly log: FastifyBaseLogger,
    private readonly clock: () => Date = () => new Date(),
  ) {}

  async status(playerId: string): Promise<PlayBreakStatus> {
    return toStatus(await this.breaksInForce.call('', playerId));
  }

  /** Starts a break (or lengthens the one in force); refuses one that would end sooner. */
  async takeBreak(player: { id: string; email: string }, period: PlayBreakPeriod): Promise<PlayBreakStatus> {
    const now = this.clock();
    const kind = playBreakKind(period);
    const outcome = await this.repository.insertIfLonger({
      userId: player.id,
      kind,
      period,
      startedAt: now,
      endsAt: breakEnd(period, now),
    });
    if ('longer' in outcome) {
      throw new ConflictError(
        SafetyErrorCode.cannotShorten,
        SafetyMessage.cannotShorten(outcome.longer.endsAt),
        'period',
      );
    }
    const row = outcome.inserted;
    // The break holds whether or not the mail goes: a mail server down must not undo it.
    await this.sendMail(breakConfirmationMail(player.email, kind, period, row.endsAt)).catch(
      (error: unknown) =>
        this.log.error({ err: error, playerId: player.id }, 'break confirmation mail failed'),
    );
    return toStatus(row);
  }

  /** Refuses a player who is away: moves in a live show and its chat (claims: `awayRefusal`). */
  async assertMayPlay(playerId: string): Promise<void> {
    const current = await this.breaksInForce.call('', playerId);
    if (current) throw awayRefusal(current);
  }

  /**
   * Refuses a player who is away entering a game that is not over: an ended (or cancelled) game
   * is only its results, which stay open to them.
   */
  async assertMayEnter(playerId: string, gameId: string): Promise<void> {
    const current = await this.breaksInForce.call('', playerId);
    if (!current) return;
    const stage = await this.gameStateOf(gameId);
    if (stage === undefined || isFinished(stage)) return;
    throw awayRefusal(current);
  }

  counts(): Promise<HostBreakCounts> {
    return this.repository.counts(this.clock());
  }
}
