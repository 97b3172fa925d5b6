import type { PlayBreakPeriod } from '@ruthless/protocol';
import { format } from '@/lib/dates';

/** The texts of 'Take a break' (docs/player-app.md, "Take a break"). */
export const safetyMessages = {
  title: 'Take a break',
  intro:
    'Need some time away? Take a break, or exclude yourself for longer. You can still sign in to see your past results, but you cannot claim tickets or join shows until it ends.',
  longer: 'You can make it longer, never shorter.',
  breaks: 'Take a break',
  selfExclusion: 'Self-exclusion',
  choose: 'Start my break',
  chooseLonger: 'Make my break longer',
  confirmTitle: 'Are you sure?',
  confirm: (label: string, until: string) =>
    `For ${label}, until ${until}, you will not be able to claim tickets or join shows. It cannot be shortened or ended early.`,
  confirmYes: 'Yes, start it now',
  cancel: 'Cancel',
  started: 'Your break has started. We have sent you an email to confirm it.',
  onBreak: (until: string) => `You are taking a break until ${until}.`,
  selfExcluded: (until: string) => `You have excluded yourself from play until ${until}.`,
  cannotShorten: 'It cannot be shortened or ended early. Your past results stay open to you.',
  /** The lobby's and the ticket office's line under the break (the server's refusal says it too). */
  noClaims: 'You cannot claim tickets or join shows until then.',
  yourData: 'Your data',
  yourDataIntro: 'Everything we keep about you, in one file, or gone for good.',
  downloadData: 'Download my data',
  downloaded: 'Your data is downloaded.',
  marketingTitle: 'Marketing emails',
  marketingOn: 'You get emails and text messages about upcoming shows.',
  marketingOff: 'You get no marketing emails or text messages.',
  marketingSince: (when: string) => `Chosen on ${when}.`,
  marketingGive: 'Send me news of upcoming shows',
  marketingWithdraw: 'Stop marketing emails and texts',
  marketingGiven: 'Thank you: we will tell you about upcoming shows.',
  marketingWithdrawn: 'Done: no more marketing emails or text messages.',
  deleteAccount: 'Delete my account',
  deleteTitle: 'Delete account?',
  deleteWarning:
    'Your account, your profile and your chat messages are deleted at once and you are signed out everywhere. Your past shows stay in the results under an anonymous name. This cannot be undone.',
  deleteGoogleHint:
    'Signed in with Google? Leave this empty: if you signed in more than 10 minutes ago, sign in again first.',
  deleteUnderstood: 'I understand that my account is deleted for good.',
  deleteConfirm: 'Delete my account for good',
  realityTitle: 'Reality checks',
  realityIntro:
    'While you play, we stop now and then to show how long you have been playing since you signed in, the shows you joined and what you won.',
  realityEvery: 'Show me a reality check',
  realityOff: 'Off',
  realitySaved: (label: string) => `Saved: a reality check every ${label}.`,
  realityOffSaved: 'Reality checks are off.',
  remindersTitle: 'Show reminders',
  remindEveryShow: 'Email me 10 minutes before every show I claim',
  remindEveryShowOn: 'Done: we will email you 10 minutes before every show you claim.',
  remindEveryShowOff: 'Done: no more reminders of every show you claim.',
  checkTitle: 'Reality check',
  checkPlayed: (duration: string, since: string) =>
    `You have been playing for ${duration}, since you signed in at ${since}.`,
  checkShows: 'Shows joined',
  checkWinnings: 'Winnings',
  keepPlaying: 'Keep playing',
  takeABreak: 'Take a break',
  unsubscribeTitle: 'Show reminders',
  unsubscribeIntro: 'Stop the emails that remind you of shows?',
  unsubscribeButton: 'Unsubscribe',
  unsubscribeDone: 'You will get no more show reminders by email.',
  unsubscribeBadLink: 'This unsubscribe link is not valid.',
  backToShows: 'Back to the shows',
} as const;

/** The profile's words for an interval: '15 minutes', '1 hour', '90 minutes', '2 hours'. */
export function intervalLabel(minutes: number): string {
  if (minutes % 60 === 0) return minutes === 60 ? '1 hour' : `${minutes / 60} hours`;
  return `${minutes} minutes`;
}

/** Time played as a reality check says it: '1 hour 5 minutes', '15 minutes', '1 minute'. */
export function playedLabel(playedMs: number): string {
  const totalMinutes = Math.max(1, Math.round(playedMs / 60_000));
  const hours = Math.floor(totalMinutes / 60);
  const minutes = totalMinutes % 60;
  const hourText = hours === 0 ? '' : hours === 1 ? '1 hour' : `${hours} hours`;
  const minuteText = minutes === 0 ? '' : minutes === 1 ? '1 minute' : `${minutes} minutes`;
  return [hourText, minuteText].filter(Boolean).join(' ');
}

/** A time of day, local: '21:04'. */
export const formatClock = (date: Date | string) => format(new Date(date), 'HH:mm');

/** A break's end as the profile writes it: '27 November 2026 at 01:30', local time. */
export const formatUntil = (date: Date | string) => format(new Date(date), "d MMMM yyyy 'at' HH:mm");

/** Roughly when a period would end from now, for the confirmation (the server decides the end). */
export function endFromNow(period: PlayBreakPeriod, now = new Date()): Date {
  const end = new Date(now);
  const days = { '24h': 1, '7d': 7, '30d': 30 } as Partial<Record<PlayBreakPeriod, number>>;
  if (days[period]) end.setDate(end.getDate() + days[period]);
  else if (period === '6m') end.setMonth(end.getMonth() + 6);
  else end.setFullYear(end.getFullYear() + Number(period[0]));
  return end;
}
