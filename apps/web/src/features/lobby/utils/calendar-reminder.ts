import type { EventAttributes } from 'ics';

/** docs/player-app.md (Constants): the calendar alarm goes off 5 minutes before the game. */
export const REMINDER_ALARM_MINUTES = 5;
/**
 * The organizer of every calendar reminder: the operator, never the player (their own address as
 * the organizer made their calendar treat the show as a meeting they had called).
 */
export const OPERATOR_EMAIL = 'shows@ruthless.live';

export interface ReminderInput {
  gameUuid: string;
  gameStartTime: string;
  roomName: string;
  /** Where the player joins from (the app's own address). */
  url: string;
}

/** The calendar event of docs/player-app.md (Start-up gate): one instant (start equals end), an alarm 5 minutes before. */
export function reminderEvent({ gameUuid, gameStartTime, roomName, url }: ReminderInput): EventAttributes {
  const start = Date.parse(gameStartTime);
  return {
    uid: `${gameUuid}@ruthless`,
    start,
    startInputType: 'utc',
    startOutputType: 'utc',
    end: start,
    endInputType: 'utc',
    endOutputType: 'utc',
    title: `Play Ruthless: ${roomName}`,
    description: `Your Ruthless game in ${roomName} is about to start. Open ${url} to play live bingo with the host, share or steal in the final and win the pot.`,
    url,
    organizer: { name: 'Ruthless', email: OPERATOR_EMAIL },
    alarms: [
      {
        action: 'display',
        description: `Ruthless starts in ${REMINDER_ALARM_MINUTES} minutes: ${roomName}`,
        trigger: { minutes: REMINDER_ALARM_MINUTES, before: true },
      },
    ],
    status: 'CONFIRMED',
    busyStatus: 'BUSY',
  };
}

/** Makes the `.ics` file (the `ics` package loads on demand) and hands it to the browser. */
export async function downloadReminder(input: ReminderInput): Promise<void> {
  const { createEvent } = await import('ics');
  const { error, value } = createEvent(reminderEvent(input));
  if (error || !value) throw error ?? new Error('The calendar reminder could not be made.');
  const blob = new Blob([value], { type: 'text/calendar;charset=utf-8' });
  const href = URL.createObjectURL(blob);
  const link = document.createElement('a');
  link.href = href;
  link.download = `ruthless-${input.roomName.toLowerCase().replace(/[^a-z0-9]+/g, '-')}-${gameUuid8(input.gameUuid)}.ics`;
  document.body.append(link);
  link.click();
  link.remove();
  setTimeout(() => URL.revokeObjectURL(href), 10_000);
}

const gameUuid8 = (gameUuid: string) => gameUuid.slice(0, 8);
