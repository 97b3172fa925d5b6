/**
 * The show's stages, in order, and what each allows. The one list: the protocol's schema, the
 * server's rules and the apps derive from it, and the table below makes the compiler ask about
 * every new stage (the database's CHECK constraint is compared to it by a server test).
 */
export const STAGES = [
  'scheduled',
  'green-room',
  'reels',
  'lucky-fate',
  'draw',
  'ruthless',
  'reveal',
  'ended',
  'cancelled',
] as const;

/** The game's `gameState`, in order (cancelled only before the start). */
export type Stage = (typeof STAGES)[number];

/** What a stage allows. */
export interface StageTraits {
  /** The show is on air: from the green room until the results. */
  readonly live: boolean;
  /** Tickets may be claimed (until the start time as well). */
  readonly takesClaims: boolean;
  /** Players may chat; otherwise the chat is read-only. */
  readonly chatOpen: boolean;
  /** The draw has begun or is behind (the reels have run); a cancelled game never started. */
  readonly started: boolean;
  /** Nothing more happens: the game ended or was cancelled. */
  readonly finished: boolean;
}

// prettier-ignore
export const STAGE_TRAITS: { readonly [S in Stage]: StageTraits } = {
  scheduled:    { live: false, takesClaims: true,  chatOpen: false, started: false, finished: false },
  'green-room': { live: true,  takesClaims: true,  chatOpen: true,  started: false, finished: false },
  reels:        { live: true,  takesClaims: false, chatOpen: true,  started: true,  finished: false },
  'lucky-fate': { live: true,  takesClaims: false, chatOpen: true,  started: true,  finished: false },
  draw:         { live: true,  takesClaims: false, chatOpen: true,  started: true,  finished: false },
  ruthless:     { live: true,  takesClaims: false, chatOpen: true,  started: true,  finished: false },
  reveal:       { live: true,  takesClaims: false, chatOpen: true,  started: true,  finished: false },
  ended:        { live: false, takesClaims: false, chatOpen: false, started: true,  finished: true },
  cancelled:    { live: false, takesClaims: false, chatOpen: false, started: false, finished: true },
};

const stagesWhere = (trait: keyof StageTraits): readonly Stage[] =>
  STAGES.filter((s) => STAGE_TRAITS[s][trait]);

/** The stages of a show on air (green room to reveal). */
export const LIVE_STAGES = stagesWhere('live');
/** The stages that take ticket claims (before the start time). */
export const CLAIM_STAGES = stagesWhere('takesClaims');
/** The stages in which players may chat. */
export const CHAT_STAGES = stagesWhere('chatOpen');
/** The stages after which nothing happens (ended, cancelled). */
export const FINISHED_STAGES = stagesWhere('finished');

/** True when `stage` is one of the show's stages (a string from the database or the wire). */
export const isStage = (stage: string): stage is Stage => (STAGES as readonly string[]).includes(stage);
/** The show is on air: from the green room until the results. */
export const isLiveStage = (stage: Stage): boolean => STAGE_TRAITS[stage].live;
/** Tickets may be claimed in this stage (until the start time as well). */
export const takesClaims = (stage: Stage): boolean => STAGE_TRAITS[stage].takesClaims;
/** Players may chat in this stage. */
export const hasChat = (stage: Stage): boolean => STAGE_TRAITS[stage].chatOpen;
/** The reels have run: true from the reels on, false before and when cancelled. */
export const hasStarted = (stage: Stage): boolean => STAGE_TRAITS[stage].started;
/** Nothing more happens in this stage: the game ended or was cancelled. */
export const isFinished = (stage: Stage): boolean => STAGE_TRAITS[stage].finished;
