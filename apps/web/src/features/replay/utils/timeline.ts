import type { PrizeName, PublishedGameEvent } from '@ruthless/game';

/** A moment worth a mark on the timeline: a prize won, or the final. */
export interface TimelineMark {
  at: number;
  kind: PrizeName | 'final';
  /** Whether the signed-in ticket holder won at this moment. */
  mine: boolean;
}

export interface Timeline {
  /** The show's clock at the start of the replay (the green room, else the first event). */
  start: number;
  end: number;
  marks: TimelineMark[];
}

// The reveal's last card and the results stay on screen a moment after the last event.
const TAIL_MS = 5_000;
const PRIZES: PrizeName[] = ['one-line', 'two-lines', 'full-house'];

/**
 * The replay's timeline from the published log: from the green room (claims made days before are
 * folded in, not waited for) to just after the end, with a mark at every prize won (the ball that
 * won it) and at the final. `me` is the caller's pseudonym in the log, or null.
 */
export function timelineOf(
  events: readonly PublishedGameEvent[],
  awards: readonly { prize: PrizeName; ball: number; winners: readonly { playerId: string }[] }[],
  me: string | null,
): Timeline {
  const opened = events.find((event) => event.type !== 'ticket-claimed' && event.type !== 'ticket-released');
  const start = opened?.at ?? events[0]?.at ?? 0;
  const end = (events.at(-1)?.at ?? start) + TAIL_MS;
  const calledAt = new Map<number, number>();
  for (const event of events) if (event.type === 'ball-called') calledAt.set(event.ball, event.at);
  const marks: TimelineMark[] = [];
  for (const prize of PRIZES) {
    const award = awards.find((won) => won.prize === prize);
    const at = award ? calledAt.get(award.ball) : undefined;
    if (award && at !== undefined)
      marks.push({ at, kind: prize, mine: me !== null && award.winners.some((w) => w.playerId === me) });
  }
  const final = events.find((event) => event.type === 'ruthless-started');
  if (final) marks.push({ at: final.at, kind: 'final', mine: false });
  return { start, end, marks: marks.sort((a, b) => a.at - b.at) };
}

/** The next of the caller's wins after `at` (back to the first after the last), or null. */
export function nextWin(timeline: Timeline, at: number): number | null {
  const mine = timeline.marks.filter((mark) => mark.mine);
  if (mine.length === 0) return null;
  return (mine.find((mark) => mark.at > at + 500) ?? mine[0]!).at;
}

/** A position from the address (`?t=` whole seconds from the start), kept inside the timeline. */
export function positionFromAddress(timeline: Timeline, t: string | null): number {
  const seconds = t === null ? NaN : Number(t);
  if (!Number.isFinite(seconds) || seconds < 0) return timeline.start;
  return Math.min(timeline.start + seconds * 1000, timeline.end);
}

/** `m:ss` of a duration in ms. */
export function clock(ms: number): string {
  const seconds = Math.max(0, Math.floor(ms / 1000));
  return `${Math.floor(seconds / 60)}:${String(seconds % 60).padStart(2, '0')}`;
}
