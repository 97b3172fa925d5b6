/** Why the reducer refused an event. Values are stable strings the server can send to clients. */
export const RuleCode = {
  /** A bug in the engine (reported as a value: the reducer never throws). */
  InternalError: 'engine/internal-error',
  /** A field is missing, of the wrong type or out of range. */
  InvalidEvent: 'event/invalid',
  UnknownEventType: 'event/unknown-type',
  /** Nothing is accepted once the game has ended. */
  GameEnded: 'game/ended',
  /** Nothing is accepted once the game was cancelled. */
  GameCancelled: 'game/cancelled',
  /** The event does not lead from the current stage to the next (see README "Stages"). */
  IllegalTransition: 'stage/illegal-transition',
  /** reels-started with no ticket held: cancel the game instead. */
  NoTickets: 'stage/no-tickets',
  /** ruthless-started (or reveal-started) before the full house was won. */
  FullHouseNotWon: 'stage/full-house-not-won',
  /** ruthless-started in a single-player game: go straight to the reveal. */
  NoFinal: 'stage/no-final',
  ClaimClosed: 'claim/closed',
  /** A claim from the purchase page for a pre-game game must bring its lucky-fate card. */
  CardNeeded: 'claim/card-needed',
  /** A claim's ticket index must not have been claimed before (in any order). */
  TicketIndexTaken: 'claim/ticket-index-taken',
  PlayerHasTicket: 'claim/player-has-ticket',
  SoldOut: 'claim/sold-out',
  /** In in-game games the card is picked at the lucky-fate stage, not on claiming. */
  PickNotAllowed: 'claim/pick-not-allowed',
  ReleaseClosed: 'release/closed',
  TicketNotHeld: 'release/ticket-not-held',
  WrongPrizeBall: 'reels/wrong-prize-ball',
  WrongPotMultiplier: 'reels/wrong-pot-multiplier',
  LuckyFateNotOpen: 'lucky-fate/not-open',
  /** lucky-fate-picked in a pre-game game (the pick was made on claiming). */
  LuckyFatePreGame: 'lucky-fate/pre-game',
  LuckyFateNoTicket: 'lucky-fate/no-ticket',
  LuckyFateTooLate: 'lucky-fate/too-late',
  LuckyFateAlreadyPicked: 'lucky-fate/already-picked',
  DrawNotRunning: 'draw/not-running',
  DrawPaused: 'draw/paused',
  DrawNotPaused: 'draw/not-paused',
  BallAlreadyCalled: 'draw/ball-already-called',
  BallOutOfOrder: 'draw/out-of-order',
  /** No ball after the full house. */
  FullHouseWon: 'draw/full-house-won',
  ChoiceNotOpen: 'choice/not-open',
  NotAFinalist: 'choice/not-a-finalist',
  ChoiceTooLate: 'choice/too-late',
  /** A choice once the final is over (the reveal has begun, or the game has ended). */
  FinalOver: 'choice/final-over',
  /** reveal-started while the counter runs and some finalist has not chosen. */
  RevealTooEarly: 'reveal/too-early',
  /** reveal-started's lucky-fate list is not exactly `luckyFateToReveal(state)`. */
  WrongLuckyFate: 'reveal/wrong-lucky-fate',
} as const;

/** A rule code: one of the values of `RuleCode`. */
export type RuleCode = (typeof RuleCode)[keyof typeof RuleCode];
