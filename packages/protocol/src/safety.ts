import { z } from 'zod';

/**
 * Play safely (docs/player-app.md, "Take a break"): a break of 24 hours, 7 or 30 days, or a
 * self-exclusion of 6 months, 1, 2 or 5 years. Neither can be shortened nor ended early.
 */
export const BREAK_PERIODS = ['24h', '7d', '30d'] as const;
export const SELF_EXCLUSION_PERIODS = ['6m', '1y', '2y', '5y'] as const;
export const playBreakPeriodSchema = z.enum([...BREAK_PERIODS, ...SELF_EXCLUSION_PERIODS], {
  error: 'Please choose how long your break lasts.',
});
export type PlayBreakPeriod = z.infer<typeof playBreakPeriodSchema>;

/** The words of each period, as the profile and the mails say them. */
export const PLAY_BREAK_PERIOD_LABELS: Record<PlayBreakPeriod, string> = {
  '24h': '24 hours',
  '7d': '7 days',
  '30d': '30 days',
  '6m': '6 months',
  '1y': '1 year',
  '2y': '2 years',
  '5y': '5 years',
};

export const playBreakKind = (period: PlayBreakPeriod): 'break' | 'self-exclusion' =>
  (BREAK_PERIODS as readonly string[]).includes(period) ? 'break' : 'self-exclusion';

/** `POST /api/safety/break`. */
export const takeBreakBodySchema = z.strictObject({ period: playBreakPeriodSchema });
export type TakeBreakBody = z.infer<typeof takeBreakBodySchema>;

/** A break or self-exclusion in force. */
export const playBreakSchema = z.object({
  kind: z.enum(['break', 'self-exclusion']),
  period: playBreakPeriodSchema,
  startedAt: z.iso.datetime(),
  endsAt: z.iso.datetime(),
});
export type PlayBreak = z.infer<typeof playBreakSchema>;

/** `GET /api/safety/break` and the answer of `POST`: the break in force, or null. */
export const playBreakStatusSchema = z.object({ current: playBreakSchema.nullable() });
export type PlayBreakStatus = z.infer<typeof playBreakStatusSchema>;

/** `GET /api/host/safety/breaks`: how many players are away now, never who. */
export const hostBreakCountsSchema = z.object({
  onBreak: z.number().int().nonnegative(),
  selfExcluded: z.number().int().nonnegative(),
});
export type HostBreakCounts = z.infer<typeof hostBreakCountsSchema>;

export const SafetyErrorCode = {
  /** A claim, a join of a live show or a move in one during a break or self-exclusion. */
  onBreak: 'safety/on-break',
  /** A new break that would end before the one in force. */
  cannotShorten: 'safety/cannot-shorten',
} as const;

/** The end of a break as players read it: UK time, '27 November 2026 at 01:30'. */
export function formatBreakEnd(endsAt: Date | string): string {
  return new Intl.DateTimeFormat('en-GB', {
    timeZone: 'Europe/London',
    dateStyle: 'long',
    timeStyle: 'short',
  }).format(new Date(endsAt));
}

export const SafetyMessage = {
  onBreak: (kind: 'break' | 'self-exclusion', endsAt: Date | string) =>
    kind === 'break'
      ? `You are taking a break until ${formatBreakEnd(endsAt)}. You cannot claim tickets or join shows until then.`
      : `You have excluded yourself from play until ${formatBreakEnd(endsAt)}. You cannot claim tickets or join shows until then.`,
  cannotShorten: (endsAt: Date | string) =>
    `Your break already runs until ${formatBreakEnd(endsAt)}. A break cannot be shortened or ended early.`,
} as const;

/**
 * `POST /api/safety/delete-account`: with the password of an email account; a Google account
 * (no password) must have signed in within DELETE_ACCOUNT_FRESH_SIGN_IN_MINUTES.
 */
export const deleteAccountBodySchema = z.strictObject({
  password: z.string().max(128, 'Password is too long.').optional(),
  confirm: z.literal(true, { error: 'Please confirm that you want to delete your account.' }),
});
export type DeleteAccountBody = z.infer<typeof deleteAccountBodySchema>;

export const DELETE_ACCOUNT_FRESH_SIGN_IN_MINUTES = 10;

/** The name results keep in place of a deleted player. */
export const DELETED_PLAYER_NAME = 'Deleted player';

export const AccountDeletionMessage = {
  deleted: 'Your account has been deleted. Thank you for playing Ruthless.',
  /**
   * What stays of an account deleted during a break or self-exclusion, and why: said by the
   * delete dialog before and by the answer after.
   */
  breakStays: (kind: 'break' | 'self-exclusion', endsAt: Date | string) =>
    `Your ${kind} stays in force until ${formatBreakEnd(endsAt)}: until then we keep your email address (and Google account, if you used one) in coded form, so that a new account with them cannot claim tickets or join shows either.`,
  deletedDuringBreak: (kind: 'break' | 'self-exclusion', endsAt: Date | string) =>
    `Your account has been deleted. ${AccountDeletionMessage.breakStays(kind, endsAt)}`,
  passwordRequired: 'Please enter your password to delete your account.',
  signInAgain: `Please sign in with Google again, then delete your account within ${DELETE_ACCOUNT_FRESH_SIGN_IN_MINUTES} minutes.`,
  notThisSession: 'Please sign in again to delete your account.',
  liveTicket:
    'You hold a ticket for a show that has not ended yet. You can delete your account once it is over.',
} as const;

export const AccountDeletionErrorCode = {
  passwordRequired: 'account/password-required',
  signInAgain: 'account/sign-in-again',
  notThisSession: 'account/not-this-session',
  liveTicket: 'account/live-ticket',
} as const;

/** The words of the details form's marketing checkbox, kept with every choice a player makes. */
export const MARKETING_CONSENT_WORDING =
  'I would like to receive marketing emails and text messages about upcoming Ruthless shows. I can opt out at any time. See our Privacy Policy.';

/** `GET /api/safety/marketing`: the choice in force, when it was made and the words agreed to. */
export const marketingConsentSchema = z.object({
  given: z.boolean(),
  at: z.iso.datetime().nullable(),
  wording: z.string().nullable(),
});
export type MarketingConsent = z.infer<typeof marketingConsentSchema>;

/** `PUT /api/safety/marketing`: give or withdraw it from the profile. */
export const marketingConsentBodySchema = z.strictObject({
  given: z.boolean({ error: 'given must be true or false' }),
});

/**
 * Reality checks (docs/player-app.md, "Reality checks"): every `realityCheckMinutes` of a
 * session (15 to 120, 60 unless the player picks; null is off) the app shows the time played
 * since sign-in, the shows joined and the winnings in that time.
 */
export const REALITY_CHECK_MIN_MINUTES = 15;
export const REALITY_CHECK_MAX_MINUTES = 120;
export const REALITY_CHECK_DEFAULT_MINUTES = 60;
/** The profile's choices (the server takes any whole number of minutes from 15 to 120). */
export const REALITY_CHECK_CHOICES = [15, 30, 45, 60, 90, 120] as const;

const realityCheckMinutesSchema = z
  .number({ error: 'realityCheckMinutes must be a number of minutes, or null for off' })
  .int({ error: 'realityCheckMinutes must be a whole number of minutes' })
  .min(REALITY_CHECK_MIN_MINUTES, {
    error: `Reality checks can be every ${REALITY_CHECK_MIN_MINUTES} to ${REALITY_CHECK_MAX_MINUTES} minutes.`,
  })
  .max(REALITY_CHECK_MAX_MINUTES, {
    error: `Reality checks can be every ${REALITY_CHECK_MIN_MINUTES} to ${REALITY_CHECK_MAX_MINUTES} minutes.`,
  })
  .nullable();

/** `GET /api/safety/settings`: the player's reality-check interval and show-reminder choice. */
export const safetySettingsSchema = z.object({
  /** Minutes between reality checks; null: off. */
  realityCheckMinutes: z.number().int().nullable(),
  /** An email 10 minutes before every show the player claims a ticket for. */
  remindEveryShow: z.boolean(),
});
export type SafetySettings = z.infer<typeof safetySettingsSchema>;

/** `PUT /api/safety/settings`: either or both. */
export const safetySettingsBodySchema = z
  .strictObject({
    realityCheckMinutes: realityCheckMinutesSchema.optional(),
    remindEveryShow: z.boolean({ error: 'remindEveryShow must be true or false' }).optional(),
  })
  .refine((body) => body.realityCheckMinutes !== undefined || body.remindEveryShow !== undefined, {
    error: 'Nothing to change: send realityCheckMinutes or remindEveryShow.',
  });
export type SafetySettingsBody = z.infer<typeof safetySettingsBodySchema>;

/** `GET /api/safety/reality-check`: the figures of the session, computed by the server. */
export const realityCheckSchema = z.object({
  realityCheckMinutes: z.number().int().nullable(),
  /** When this session signed in. */
  sessionStartedAt: z.iso.datetime(),
  /** The server's time of these figures. */
  at: z.iso.datetime(),
  playedMs: z.number().int().nonnegative(),
  /** Shows the player holds a ticket for, claimed or started since sign-in. */
  showsJoined: z.number().int().nonnegative(),
  /** Pence won in shows that ended since sign-in. */
  winningsPence: z.number().int().nonnegative(),
});
export type RealityCheck = z.infer<typeof realityCheckSchema>;

/** Email reminders: one mail this many minutes before a show. */
export const SHOW_REMINDER_MINUTES = 10;

/** `POST /api/safety/reminders`: 'Remind Me' by email for one show. */
export const showReminderBodySchema = z.strictObject({
  gameUuid: z.uuid({ error: 'gameUuid must be a valid id' }),
});
export const showReminderSchema = z.object({
  gameUuid: z.uuid(),
  /** When the mail goes: 10 minutes before the show. */
  remindAt: z.iso.datetime(),
});
export type ShowReminder = z.infer<typeof showReminderSchema>;

/** `POST /api/safety/unsubscribe`: the signed token of a reminder mail's link. */
export const unsubscribeBodySchema = z.strictObject({
  token: z.string({ error: 'This unsubscribe link is not valid.' }).min(1).max(200),
});

export const ReminderErrorCode = {
  /** A reminder for a show that has started, ended or been cancelled. */
  showStarted: 'reminder/show-started',
  /** An unsubscribe link that is not one of ours. */
  badUnsubscribeToken: 'reminder/bad-unsubscribe-token',
} as const;

export const ReminderMessage = {
  asked: `We will email you ${SHOW_REMINDER_MINUTES} minutes before the show.`,
  showStarted: 'This show has already started: there is nothing to remind you of.',
  notFound: 'This game does not exist.',
  badUnsubscribeToken: 'This unsubscribe link is not valid.',
  unsubscribed: 'You will get no more show reminders by email.',
} as const;
