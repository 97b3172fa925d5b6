import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { foldPublishedLog } from '@ruthless/game';
import type { RoomAnalytics, ShowAnalytics } from '@ruthless/protocol';
import { replaySetup, type GameReplay } from '@ruthless/protocol/replay';
import { api, Viewer } from '../support/live';
import { claimTicket, playerWithDetails, scheduleGame, startShow, type Show } from '../support/show';

// Issue 28, show analytics: a played show's figures are those of its stored events.
const HOST = 'host@ruthless.test';
const FAST = {
  greenRoomMs: 5000,
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
    room: { name: 'Analytics Room', theme: 'RED', roomImage: '/rooms/gold-rush.svg' },
  });
});
afterAll(async () => {
  await show?.server.close();
});

const say = (token: string, gameUuid: string, chatContent: string) =>
  api(show.server.url, 'POST', '/api/chat', token, {
    gameUuid,
    roomUuid: show.roomUuid,
    playerName: 'Someone',
    chatContent,
  });

describe('show analytics', () => {
  it("counts a played show's viewers, tickets, wins, final, chat, reconnects and money as stored", async () => {
    const players = await Promise.all([
      playerWithDetails(show.server.url, 'Ann', 'share'),
      playerWithDetails(show.server.url, 'Ben', 'steal'),
      playerWithDetails(show.server.url, 'Cat', 'share'),
    ]);
    const game = await scheduleGame(show, 8000, { timings: FAST });
    for (const player of players) await claimTicket(show, player.token, game.gameUuid);
    const watcher = await Viewer.join(show.server.url, players[0]!.token, game.gameUuid);
    const second = await Viewer.join(show.server.url, null, game.gameUuid);
    const third = await Viewer.join(show.server.url, players[1]!.token, game.gameUuid);
    // Socket.IO restores a connection from the last broadcast it got: each hears the chat first.
    const heardChat = [second, third].map(
      (viewer) =>
        new Promise<void>((resolve) =>
          viewer.socket.on('chat:messages', ({ messages }) => {
            if (messages.some((message) => message.text === 'Here we go')) resolve();
          }),
        ),
    );
    // The host's console watches the show too, but is not its audience.
    const hostConsole = await Viewer.join(show.server.url, show.hostToken, game.gameUuid);
    // The green room opens 5 s before the start: the viewer saw it open, or joined it open.
    if (watcher.snapshot!.view.stage !== 'green-room')
      await watcher.waitFor((message) => message.event.type === 'green-room-opened');

    // Chat in the green room: three messages, one deleted by the host, one player muted.
    const sent = [];
    for (const [index, text] of ['Good luck all', 'Here we go', 'rude words'].entries())
      sent.push(await say(players[index]!.token, game.gameUuid, text));
    const rude = (sent[2]!.body as { message: { messageUuid: string } }).message.messageUuid;
    const host = `/api/host/games/${game.gameUuid}`;
    expect((await api(show.server.url, 'DELETE', `${host}/chat/${rude}`, show.hostToken)).status).toBe(204);
    expect(
      (await api(show.server.url, 'PUT', `${host}/mutes/${players[2]!.userId}`, show.hostToken)).status,
    ).toBe(204);
    // Two phones lose their connection for real and are back within the reconnect window:
    // Socket.IO restores both. One joins again with the last event it saw, as the app does on
    // every connect; the other sends nothing. Each is one return, counted once.
    await Promise.all(heardChat);
    for (const viewer of [second, third]) {
      viewer.socket.io.off('reconnect');
      const back = new Promise((resolve) => viewer.socket.once('connect', () => resolve(undefined)));
      viewer.socket.io.engine.close();
      await back;
      expect(viewer.socket.recovered).toBe(true);
    }
    await second.rejoin(game.gameUuid);
    await show.server.app.fastify.liveSampler.sample();

    await watcher.waitFor((message) => message.event.type === 'game-ended', 60_000);
    watcher.close();
    second.close();
    third.close();
    hostConsole.close();

    const path = `/api/host/analytics/games/${game.gameUuid}`;
    const read = await api(show.server.url, 'GET', path, show.hostToken);
    expect(read.status, JSON.stringify(read.body)).toBe(200);
    const figures = read.body as unknown as ShowAnalytics;

    // What the stored show says, folded by the engine from its published log.
    const replay = (await api(show.server.url, 'GET', `/api/replays/${game.gameUuid}`, null))
      .body as unknown as GameReplay;
    const fold = foldPublishedLog(replaySetup(replay), replay.events);
    const ended = fold.states.at(-1)!;
    const result = ended.result!;
    const drawStart = ended.times.drawStartedAt!;

    expect(figures.state).toBe('ended');
    expect(figures.players).toBe(3);
    expect(figures.ticketsClaimed.at(-1)!.tickets).toBe(3);
    expect(replay.events.filter((event) => event.type === 'ticket-claimed')).toHaveLength(3);
    expect(figures.wins).toEqual(
      ended.awards.map((award) => ({
        prize: award.prize,
        ballsCalled: award.ballsCalled,
        secondsFromDrawStart: (award.at - drawStart) / 1000,
        winners: award.winners.length,
        amountPence: award.amountPence,
      })),
    );
    expect(figures.wins.map((win) => win.prize)).toEqual(['one-line', 'two-lines', 'full-house']);
    expect(figures.final).toEqual({
      outcome: result.outcome,
      finalists: result.choices.length,
      shared: result.choices.filter((choice) => !choice.defaulted && choice.choice === 'share').length,
      stole: result.choices.filter((choice) => !choice.defaulted && choice.choice === 'steal').length,
      defaultedToShare: result.choices.filter((choice) => choice.defaulted && choice.choice === 'share')
        .length,
      defaultedToSteal: result.choices.filter((choice) => choice.defaulted && choice.choice === 'steal')
        .length,
    });
    // Nobody chose in this show: every finalist played their profile's default (Ben's is steal,
    // Ann's and Cat's share), counted under what it was, and the outcome follows from them.
    const { defaultedToShare, defaultedToSteal } = figures.final!;
    expect(figures.final).toMatchObject({ shared: 0, stole: 0 });
    expect(figures.final!.outcome).toBe(
      defaultedToSteal === 0 ? 'all-share' : defaultedToShare === 0 ? 'all-steal' : 'some-steal',
    );
    expect(figures.final!.defaultedToShare + figures.final!.defaultedToSteal).toBe(result.choices.length);
    expect(figures.money).toEqual({
      potPence: result.potPence,
      paidPence: result.payouts.reduce((sum, payout) => sum + payout.totalPence, 0),
      paidTickets: result.payouts.filter((payout) => payout.totalPence > 0).length,
      rolloverInPence: 0,
      rolloverOutPence: result.rolloverPence,
    });
    expect(figures.money.paidPence).toBeGreaterThan(0);
    const chat = figures.chat.reduce(
      (sum, minute) => ({
        messages: sum.messages + minute.messages,
        deleted: sum.deleted + minute.deleted,
        mutes: sum.mutes + minute.mutes,
      }),
      { messages: 0, deleted: 0, mutes: 0 },
    );
    expect(chat).toEqual({ messages: 3, deleted: 1, mutes: 1 });
    expect(figures.reconnects).toBe(2);
    expect(figures.peakViewers).toBe(3);
    expect(figures.viewers.some((sample) => sample.viewers === 3)).toBe(true);
    // Counts only: no player's id or name.
    for (const player of players) expect(JSON.stringify(figures)).not.toContain(player.userId);
    expect(JSON.stringify(figures)).not.toMatch(/Ann|Ben|Cat/);

    // Two of them follow the room (one twice, one who stopped): the room's followers now.
    for (const player of players.slice(0, 2))
      for (let again = 0; again < 2; again += 1)
        expect(
          (await api(show.server.url, 'PUT', `/api/push/follows/${show.roomUuid}`, player.token)).status,
        ).toBe(204);
    expect(
      (await api(show.server.url, 'PUT', `/api/push/follows/${show.roomUuid}`, players[2]!.token)).status,
    ).toBe(204);
    expect(
      (await api(show.server.url, 'DELETE', `/api/push/follows/${show.roomUuid}`, players[2]!.token)).status,
    ).toBe(204);

    // The room's week: one show of three players, its final and its start hour.
    const week = await api(
      show.server.url,
      'GET',
      `/api/host/analytics/rooms/${show.roomUuid}?weeks=2`,
      show.hostToken,
    );
    expect(week.status, JSON.stringify(week.body)).toBe(200);
    const room = week.body as unknown as RoomAnalytics;
    expect(room.weeks).toHaveLength(2);
    expect(room.followers).toBe(2);
    expect(room.weeks[1]).toMatchObject({
      shows: 1,
      uniquePlayers: 3,
      returningPlayers: 0,
      retention: null,
      averagePlayers: 3,
      peakPlayers: 3,
      allStealShows: result.outcome === 'all-steal' ? 1 : 0,
      finals: result.outcome === 'no-final' ? 0 : 1,
      rolloversCarried: 0,
    });
    const start = new Date(game.gameStartTime);
    expect(room.timeZone).toBe('UTC');
    expect(room.busiestStartTimes).toEqual([{ hour: start.getUTCHours(), shows: 1, averagePlayers: 3 }]);
    // On a host's clocks: India is 5 h 30 ahead of UTC all year.
    const inKolkata = await api(
      show.server.url,
      'GET',
      `/api/host/analytics/rooms/${show.roomUuid}?weeks=2&timeZone=Asia/Kolkata`,
      show.hostToken,
    );
    const kolkataHour = Math.floor(((start.getUTCHours() * 60 + start.getUTCMinutes() + 330) % 1440) / 60);
    expect((inKolkata.body as unknown as RoomAnalytics).busiestStartTimes).toEqual([
      { hour: kolkataHour, shows: 1, averagePlayers: 3 },
    ]);
    expect(room.shows).toEqual([{ gameUuid: game.gameUuid, gameStartTime: game.gameStartTime, players: 3 }]);
  }, 120_000);

  it('lets only hosts in and refuses what is not a game, a room or a number of weeks', async () => {
    const game = `/api/host/analytics/games/${crypto.randomUUID()}`;
    expect((await api(show.server.url, 'GET', game, null)).status).toBe(401);
    const player = await playerWithDetails(show.server.url, 'Dee');
    expect((await api(show.server.url, 'GET', game, player.token)).status).toBe(403);
    const missing = await api(show.server.url, 'GET', game, show.hostToken);
    expect(missing.status).toBe(404);
    expect(missing.body.message).toBe('This game does not exist.');
    const bad = await api(show.server.url, 'GET', '/api/host/analytics/games/nope', show.hostToken);
    expect(bad.status).toBe(400);
    expect(bad.body.message).toMatch(/gameUuid must be a valid id/);
    const room = `/api/host/analytics/rooms/${show.roomUuid}`;
    for (const weeks of ['0', '105', 'x', '1.5']) {
      const refused = await api(show.server.url, 'GET', `${room}?weeks=${weeks}`, show.hostToken);
      expect(refused.status, weeks).toBe(400);
      expect(refused.body.message).toMatch(/weeks must be a whole number from 1 to 104/);
    }
    for (const timeZone of ['Mars/Olympus', 'UTC+1', '']) {
      const refused = await api(show.server.url, 'GET', `${room}?timeZone=${timeZone}`, show.hostToken);
      expect(refused.status, timeZone).toBe(400);
      expect(refused.body.message).toMatch(/timeZone must be an IANA time zone such as Europe\/London/);
    }
    const noRoom = await api(
      show.server.url,
      'GET',
      `/api/host/analytics/rooms/${crypto.randomUUID()}`,
      show.hostToken,
    );
    expect(noRoom.status).toBe(404);
    expect(noRoom.body.message).toBe('This room does not exist.');
  });
});
