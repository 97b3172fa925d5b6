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
} as const;

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
