import { SHOW_REMINDER_MINUTES } from '@ruthless/protocol/safety';

/** The texts of notifications (docs/player-app.md, "Notifications"). */
export const notificationMessages = {
  askTitle: 'Get a nudge at showtime?',
  askBody: `We'll send one notification ${SHOW_REMINDER_MINUTES} minutes before each show you claim or ask us to remind you of, even with the app closed. Never between 23:00 and 08:00 unless you asked, and never on a break.`,
  askFollowBody: (room: string) =>
    `We'll tell you when ${room}'s green room opens, even with the app closed. Never between 23:00 and 08:00, and never on a break.`,
  askYes: 'Notify me',
  askNo: 'Not now',
  on: `Done: we'll notify you ${SHOW_REMINDER_MINUTES} minutes before your shows.`,
  off: 'Done: no more notifications on this phone.',
  settingTitle: 'Notifications',
  setting: 'Notifications on this phone',
  blocked:
    "Notifications are blocked for Ruthless in this browser's settings: allow them there to turn this on.",
  unsupported: "This browser can't show notifications. On an iPhone, add Ruthless to your Home Screen first.",
  failed: "We couldn't turn on notifications. Please try again.",
  /** The button of a notification the app shows itself, while it is open. */
  goToShow: 'Take your seat',
  goToResults: 'See the results',

  // The kinds, on every phone of the player's (the profile's switches).
  kindsTitle: 'What we tell you',
  kindsNote: 'On every phone where notifications are on.',
  kindShowStarts: 'Shows I claim',
  kindShowStartsHint: `${SHOW_REMINDER_MINUTES} minutes before the show starts`,
  kindFollowedRooms: 'Rooms I follow',
  kindFollowedRoomsHint: 'When a show’s green room opens',
  kindWins: 'My wins',
  kindWinsHint: 'When I left before the results',
  kindsSaved: 'Saved.',
  kindsFailed: "We couldn't save that. Please try again.",

  // Following a room (the lobby's cards).
  follow: 'Notify me',
  followName: (room: string) => `Notify me about every show in ${room}`,
  following: 'Following',
  followingName: (room: string) =>
    `Following ${room}: we'll tell you when its green room opens. Tap to stop.`,
  followed: (room: string) => `Following ${room}: we'll tell you when its green room opens.`,
  unfollowed: (room: string) => `Stopped following ${room}.`,
  followFailed: "We couldn't change that. Please try again.",
} as const;
