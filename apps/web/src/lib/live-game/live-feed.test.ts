import type { GameSnapshot, LiveGameMessage } from '@ruthless/protocol';
import { describe, expect, it } from 'vitest';
import { LiveFeed, MAX_DISPLAY_DELAY_MS } from '@/lib/live-game/live-feed';

// Only seq and at matter to the feed; the rest of a message rides along untouched.
const message = (seq: number, at = 10_000 + seq * 1000) =>
  ({ gameUuid: 'g', seq, at, event: { type: 'ball-drawn' }, view: {} }) as unknown as LiveGameMessage;
const snapshot = (seq: number) =>
  ({ gameUuid: 'g', seq, serverTime: 0, view: {}, you: null }) as unknown as GameSnapshot;

/** A feed whose screen is a list of what it showed, in order. */
function feed() {
  const screen: string[] = [];
  const live = new LiveFeed({
    snapshot: (shown) => screen.push(`snapshot ${shown.seq}`),
    message: (shown, replayed) => screen.push(`${replayed ? 'replay' : 'event'} ${shown.seq}`),
  });
  return { live, screen };
}

/** A feed that has shown the snapshot at `seq`. */
function joinedAt(seq: number) {
  const started = feed();
  started.live.joined(snapshot(seq), []);
  started.screen.length = 0;
  return started;
}

describe('LiveFeed', () => {
  it('shows the snapshot of the first join, whatever was missed', () => {
    const { live, screen } = feed();
    live.joined(snapshot(5), [message(4), message(5)]);
    expect(screen).toEqual(['snapshot 5']);
    expect(live.lastShown).toBe(5);
    expect(live.lastKnown).toBe(5);
  });

  it('shows each pushed event once its time plus the delay has come', () => {
    const { live, screen } = joinedAt(5);
    expect(live.received(message(6, 20_000))).toBe('queued');
    expect(live.received(message(7, 21_000))).toBe('queued');
    expect(live.lastKnown).toBe(7);

    expect(live.release(22_000, 3000)).toBe(1000); // 6 is due at 23 000.
    expect(screen).toEqual([]);
    expect(live.lastShown).toBe(5);

    expect(live.release(23_000, 3000)).toBe(1000); // 7 is due at 24 000.
    expect(screen).toEqual(['event 6']);
    expect(live.lastShown).toBe(6);

    expect(live.release(30_000, 3000)).toBeNull();
    expect(screen).toEqual(['event 6', 'event 7']);
    expect(live.lastShown).toBe(7);
    expect(live.waiting).toBe(0);
  });

  it('drops duplicates, whether waiting or already shown', () => {
    const { live, screen } = joinedAt(5);
    expect(live.received(message(5))).toBe('duplicate');
    expect(live.received(message(6))).toBe('queued');
    expect(live.received(message(6))).toBe('duplicate');
    live.release(Number.MAX_SAFE_INTEGER, 0);
    expect(live.received(message(6))).toBe('duplicate');
    expect(live.received(message(3))).toBe('duplicate');
    expect(screen).toEqual(['event 6']);
  });

  it('reports a gap in the numbering and queues nothing past it', () => {
    const { live, screen } = joinedAt(5);
    expect(live.received(message(7))).toBe('gap');
    expect(live.lastKnown).toBe(5);
    expect(live.waiting).toBe(0);
    expect(live.release(Number.MAX_SAFE_INTEGER, 0)).toBeNull();
    expect(screen).toEqual([]);
  });

  it('reports a gap before any join', () => {
    const { live } = feed();
    expect(live.received(message(1))).toBe('gap');
    expect(live.lastShown).toBeNull();
  });

  it('a rejoin with the missed events contiguous replays them at once, in order, after what waits', () => {
    const { live, screen } = joinedAt(5);
    live.received(message(6, 50_000));
    // The server resends from lastShown (5): 6 again, then 7 and 8, in any order.
    live.joined(snapshot(8), [message(8), message(6), message(7)]);
    expect(live.lastKnown).toBe(8);
    expect(live.waiting).toBe(3);

    // 6 came live and still waits for its time; the replays queue behind it.
    expect(live.release(50_000, 2000)).toBe(2000);
    expect(screen).toEqual([]);
    expect(live.release(52_000, 2000)).toBeNull();
    expect(screen).toEqual(['event 6', 'replay 7', 'replay 8']);
    expect(live.lastShown).toBe(8);
  });

  it('a rejoin too far behind for a replay shows the snapshot and drops what waited', () => {
    const { live, screen } = joinedAt(5);
    live.received(message(6));
    live.joined(snapshot(20), [message(18), message(19), message(20)]);
    expect(screen).toEqual(['snapshot 20']);
    expect(live.lastShown).toBe(20);
    expect(live.lastKnown).toBe(20);
    expect(live.waiting).toBe(0);
    expect(live.received(message(21))).toBe('queued');
  });

  it('a rejoin whose missed events have a hole shows the snapshot', () => {
    const { live, screen } = joinedAt(5);
    live.joined(snapshot(8), [message(6), message(8)]);
    expect(screen).toEqual(['snapshot 8']);
  });

  it('a rejoin with nothing new changes nothing', () => {
    const { live, screen } = joinedAt(5);
    live.received(message(6));
    live.joined(snapshot(6), [message(6)]);
    expect(screen).toEqual([]);
    expect(live.waiting).toBe(1);
    expect(live.lastShown).toBe(5);
  });

  it(`never holds an event back more than ${MAX_DISPLAY_DELAY_MS} ms, nor shows it early`, () => {
    const { live, screen } = joinedAt(5);
    live.received(message(6, 100_000));
    expect(live.release(100_000 + MAX_DISPLAY_DELAY_MS - 1, 10 * 60_000)).toBe(1);
    expect(live.release(100_000 + MAX_DISPLAY_DELAY_MS, 10 * 60_000)).toBeNull();
    expect(screen).toEqual(['event 6']);

    live.received(message(7, 200_000));
    expect(live.release(199_999, -5000)).toBe(1); // A negative delay counts as none.
    expect(live.release(200_000, -5000)).toBeNull();
    expect(screen).toEqual(['event 6', 'event 7']);
  });
});
