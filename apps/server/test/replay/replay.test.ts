import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { foldPublishedLog, ticketAt } from '@ruthless/game';
import type { LiveView } from '@ruthless/protocol';
import { replaySetup, replayStateView, replayView, type GameReplay } from '@ruthless/protocol/replay';
import { api, Viewer } from '../support/live';
import { claimTicket, playerWithDetails, scheduleGame, startShow, type Show } from '../support/show';

// Issue 28, watch again: a stored show folded from its published log is the show the players saw.
const HOST = 'host@ruthless.test';
const FAST = {
  greenRoomMs: 1500,
  reelsMs: 100,
  luckyFateMs: 100,
  ballIntervalMs: 100,
  ruthlessMs: 1500,
  revealMs: 100,
};
let show: Show;

beforeAll(async () => {
  show = await startShow({
    host: HOST,
    room: { name: 'Replay Room', theme: 'GOLD', roomImage: '/rooms/gold-rush.svg' },
  });
});
afterAll(async () => {
  await show?.server.close();
});

/** The live view as the replay names players: every real id read as the game's pseudonym. */
function underPseudonyms(view: LiveView, seed: string, playerIds: string[]): unknown {
  let text = JSON.stringify(view);
  for (const id of playerIds) text = text.replaceAll(id, show.server.app.live.pseudonym(seed, id));
  return JSON.parse(text);
}

/** The counter is in whole seconds at the moment the server built the view, just after the event. */
function withoutCounter(view: unknown): unknown {
  const { ruthlessCounter: _counter, ...rest } = view as { ruthlessCounter: number };
  return rest;
}

describe('watch again', () => {
  it('folds the stored show into the very views its live players were sent', async () => {
    const players = await Promise.all([
      playerWithDetails(show.server.url, 'Ann', 'share'),
      playerWithDetails(show.server.url, 'Ben', 'steal'),
      playerWithDetails(show.server.url, 'Cat', 'share'),
    ]);
    const ids = players.map((player) => player.userId);
    const game = await scheduleGame(show, 2500, { timings: FAST });
    const replayPath = `/api/replays/${game.gameUuid}`;
    // Before the end there is nothing to watch again: a live game's seed and choices stay secret.
    const early = await api(show.server.url, 'GET', replayPath, null);
    expect(early.status).toBe(409);
    expect(early.body.message).toBe('A show can be watched again once it has ended.');

    const watcher = await Viewer.join(show.server.url, players[0]!.token, game.gameUuid);
    for (const player of players) await claimTicket(show, player.token, game.gameUuid);
    await watcher.waitFor((message) => message.event.type === 'game-ended', 60_000);
    watcher.close();

    const signedOut = await api(show.server.url, 'GET', replayPath, null);
    expect(signedOut.status).toBe(200);
    const replay = signedOut.body as unknown as GameReplay;
    expect(replay.you).toBeNull();
    // Nothing private: no player's id, only the log's pseudonyms, and the names the results show.
    for (const id of ids) expect(JSON.stringify(replay)).not.toContain(id);
    expect(Object.values(replay.names).sort()).toEqual(['Ann', 'Ben', 'Cat']);
    const log = await api(show.server.url, 'GET', `/api/games/${game.gameUuid}/events`, null);
    expect(replay.events).toEqual(log.body.events);

    const fold = foldPublishedLog(replaySetup(replay), replay.events);
    // Every view a live player was sent, folded again at its event's moment.
    const seen = watcher.messages;
    // Every event from the green room on reached the watcher, in order (claims may come batched).
    const drawSeqs = replay.events.flatMap((event, index) =>
      event.type === 'ticket-claimed' ? [] : [index + 1],
    );
    expect(seen.map((message) => message.seq).filter((seq) => drawSeqs.includes(seq))).toEqual(drawSeqs);
    const stages = new Set<string>();
    for (const message of seen) {
      const live = underPseudonyms(message.view, replay.seed, ids) as LiveView;
      // A claim is sent with the view of its moment of sending, which may hold the claims stored
      // just after it; every other event with the view it leads to.
      const last = message.event.type === 'ticket-claimed' ? fold.states.length - 1 : message.seq;
      const folded = fold.states
        .slice(message.seq, last + 1)
        .map((state) => replayStateView(replay, state, message.at));
      const same = folded.find(
        (view) => JSON.stringify(withoutCounter(view)) === JSON.stringify(withoutCounter(live)),
      );
      expect(same ?? folded[0], `seq ${message.seq} ${message.event.type}`).toEqual(live);
      expect(Math.abs(same!.ruthlessCounter - live.ruthlessCounter)).toBeLessThanOrEqual(1);
      stages.add(same!.stage);
      if (message.event.type !== 'ticket-claimed') expect(replayView(replay, fold, message.at)).toEqual(same);
    }
    expect([...stages]).toEqual([
      'scheduled',
      'green-room',
      'reels',
      'lucky-fate',
      'draw',
      'ruthless',
      'reveal',
      'ended',
    ]);

    // A signed-in ticket holder learns which ticket was theirs, under their pseudonym only.
    const mine = await api(show.server.url, 'GET', replayPath, players[1]!.token);
    const theirs = (mine.body as unknown as GameReplay).you!;
    expect(theirs.playerId).toBe(show.server.app.live.pseudonym(replay.seed, ids[1]!));
    const claim = replay.events.find(
      (event) => event.type === 'ticket-claimed' && event.playerId === theirs.playerId,
    );
    expect(claim).toMatchObject({ ticketIndex: theirs.ticketIndex });
    expect(ticketAt(replay.seed, theirs.ticketIndex)).toHaveLength(3);
    // A token that does not verify is read as signed out, never refused: the link is public.
    const forged = await api(show.server.url, 'GET', replayPath, 'not-a-token');
    expect(forged.status).toBe(200);
    expect((forged.body as unknown as GameReplay).you).toBeNull();
  }, 120_000);

  it('says so for a game that does not exist or an id that is not one', async () => {
    const missing = await api(show.server.url, 'GET', `/api/replays/${crypto.randomUUID()}`, null);
    expect(missing.status).toBe(404);
    expect(missing.body.message).toBe('This game does not exist.');
    const bad = await api(show.server.url, 'GET', '/api/replays/nope', null);
    expect(bad.status).toBe(400);
    expect(bad.body.message).toMatch(/gameUuid must be a valid id/);
  });
});
