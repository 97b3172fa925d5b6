import {
  nextBall,
  playerTicket,
  potMultiplier,
  prizeBall,
  RuleCode,
  type Choice,
  type GameEvent,
  type GameState,
  type LuckyFatePick,
} from '@ruthless/game';
import { GameErrorCode } from '@ruthless/protocol';
import { ConflictError, NotFoundError } from '../errors';
import type { LiveGames } from './live-games.service';

/** The words a player or host sees when the game's rules refuse what they asked. */
const REFUSALS: Partial<Record<string, string>> = {
  [RuleCode.NotAFinalist]: 'Only finalists can choose to share or steal.',
  [RuleCode.ChoiceTooLate]: 'Too late: the counter has reached zero.',
  [RuleCode.ChoiceNotOpen]: 'The final has not started.',
  [RuleCode.FinalOver]: 'Too late: the final is over.',
  [RuleCode.LuckyFateNotOpen]: 'Lucky-fate cards are not being picked now.',
  [RuleCode.LuckyFatePreGame]: 'Your lucky-fate card was picked when you claimed your ticket.',
  [RuleCode.LuckyFateNoTicket]: 'You need a ticket for this game to pick a card.',
  [RuleCode.LuckyFateTooLate]: 'Too late: the lucky-fate cards are closed.',
  [RuleCode.LuckyFateAlreadyPicked]: 'You have already picked your card.',
  [RuleCode.NoTickets]: 'Nobody holds a ticket for this game yet.',
  [RuleCode.DrawNotRunning]: 'The draw is not running.',
  [RuleCode.DrawPaused]: 'The draw is paused.',
  [RuleCode.DrawNotPaused]: 'The draw is not paused.',
  [RuleCode.FullHouseWon]: 'The full house has been won: no more balls.',
  [RuleCode.GameEnded]: 'This game has ended.',
  [RuleCode.GameCancelled]: 'This game has been cancelled.',
};

const notFound = () => new NotFoundError(GameErrorCode.notFound, 'This game does not exist.', 'gameUuid');

/** Finalists' choices, in-game lucky-fate picks and the host's controls, all as game events. */
export class LiveActions {
  constructor(private readonly live: LiveGames) {}

  async choose(gameId: string, playerId: string, choice: Choice): Promise<void> {
    await this.act(gameId, (state, now) =>
      // Idempotent: the same choice again stores nothing.
      myChoice(state, playerId) === choice ? null : { type: 'choice-made', at: now, playerId, choice },
    );
  }

  async pickLuckyFate(gameId: string, playerId: string, pick: LuckyFatePick): Promise<void> {
    await this.act(gameId, (state, now) =>
      playerTicket(state, playerId)?.luckyFatePick === pick
        ? null
        : { type: 'lucky-fate-picked', at: now, playerId, pick },
    );
  }

  /** The host's buttons (POST /api/host/games/{gameUuid}/{action}). */
  async control(
    gameId: string,
    action: 'open-green-room' | 'start' | 'draw' | 'pause' | 'resume' | 'end',
  ): Promise<void> {
    await this.act(gameId, (state, now): GameEvent | null => {
      const seed = state.setup.seedHex;
      switch (action) {
        case 'open-green-room':
          return { type: 'green-room-opened', at: now };
        case 'start':
          return {
            type: 'reels-started',
            at: now,
            prizeBall: prizeBall(seed),
            potMultiplier: potMultiplier(seed),
          };
        case 'draw': {
          const ball = nextBall(state);
          if (ball === null) throw new ConflictError(GameErrorCode.noBall, 'There is no ball to call now.');
          return { type: 'ball-called', at: now, ball };
        }
        case 'pause':
          return { type: 'draw-paused', at: now };
        case 'resume':
          return { type: 'draw-resumed', at: now };
        case 'end':
          if (state.stage !== 'reveal') {
            throw new ConflictError(
              GameErrorCode.notInReveal,
              'A game can be ended once its reveal has begun.',
            );
          }
          return { type: 'game-ended', at: now };
      }
    });
  }

  private async act(
    gameId: string,
    build: (state: GameState, now: number) => GameEvent | null,
  ): Promise<void> {
    if (!(await this.live.get(gameId))) throw notFound();
    const result = await this.live.append(gameId, build);
    if (!result.ok) {
      const message = REFUSALS[result.code] ?? "That can't be done at this stage of the game.";
      throw new ConflictError(result.code, message);
    }
  }
}

function myChoice(state: GameState, playerId: string): Choice | null {
  const final = state.final;
  if (!final) return null;
  const index = final.finalists.findIndex((finalist) => finalist.playerId === playerId);
  return index < 0 ? null : (final.choices[index] ?? null);
}
