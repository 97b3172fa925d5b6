/**
 * @ruthless/game: the pure rules engine of Ruthless. Strips of tickets, the fair draw from a
 * committed seed, the game reducer, its views and the public check of a finished game.
 * No I/O, no clock, no randomness of its own: the seed and the time come in as arguments.
 */

export { isSeedHex, seedBytes, commitmentOf } from './seed';
export { SeedStream, Labels } from './random';
export {
  BALLS_TOTAL,
  drawOrder,
  prizeBall,
  potMultiplier,
  luckyFateCards,
  defaultLuckyFatePick,
  luckyFateMultiplier,
} from './draw';
export { STRIP_SIZE, dealStrip, ticketAt, ticketNumbers, ticketFromNumbers, columnOf } from './strips';
export { RuleCode } from './rule-codes';
export {
  STAGES,
  STAGE_TRAITS,
  LIVE_STAGES,
  CLAIM_STAGES,
  CHAT_STAGES,
  FINISHED_STAGES,
  isStage,
  isLiveStage,
  takesClaims,
  hasChat,
  hasStarted,
  isFinished,
  type StageTraits,
} from './stages';
export { DEFAULT_TIMINGS, createGame, ticketRecord, playerTicket } from './game-state';
export { applyEvent, luckyFateToReveal, type ApplyResult } from './apply-event';
export {
  claimRefusal,
  luckyFateModeOfClaim,
  ticketClaim,
  type ClaimableGame,
  type ClaimRefusal,
  type TicketClaim,
} from './claims';
export { splitPence, potPence, linePrizePence } from './payouts';
export {
  gameState,
  ballSequence,
  gameProgress,
  statusBarData,
  bingoTicketQueue,
  ruthlessCounter,
  hasGameStarted,
  hasGameEnded,
  ticketMarks,
  nextBall,
  publicView,
  playerView,
  type GameProgress,
  type StatusBarData,
  type QueueEntry,
  type TicketMarks,
  type FinalistView,
  type PublicView,
  type PlayerView,
  type MyTicketView,
  type ViewOptions,
} from './views';
export { verifyGame, type VerifyResult } from './verify';
export { publishedEventLog, type PublishedGameEvent, type PublishedTicketClaimed } from './publish';
export { LUCKY_FATE_MODES } from './types';
export { foldPublishedLog, eventsBy, type ReplayFold } from './replay';
export type * from './types';
