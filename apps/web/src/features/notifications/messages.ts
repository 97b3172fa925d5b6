import { SHOW_REMINDER_MINUTES } from '@ruthless/protocol/safety';

/** The texts of notifications (docs/player-app.md, "Notifications"). */
export const notificationMessages = {
  askTitle: 'Get a nudge at showtime?',
  askBody: `We'll send one notification ${SHOW_REMINDER_MINUTES} minutes before each show you claim, even with the app closed. Never between 23:00 and 08:00 unless you asked, and never on a break.`,
  askYes: 'Notify me',
  askNo: 'Not now',
  on: `Done: we'll notify you ${SHOW_REMINDER_MINUTES} minutes before your shows.`,
  off: 'Done: no more notifications on this phone.',
  settingTitle: 'Notifications',
  setting: `Notify me ${SHOW_REMINDER_MINUTES} minutes before every show I claim`,
  blocked:
    "Notifications are blocked for Ruthless in this browser's settings: allow them there to turn this on.",
  unsupported: "This browser can't show notifications. On an iPhone, add Ruthless to your Home Screen first.",
  failed: "We couldn't turn on notifications. Please try again.",
} as const;
