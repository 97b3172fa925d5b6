import { copyFile, mkdir, mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import type { GameResults, ShareSummary } from '@ruthless/protocol';
import { CardFonts } from '../../src/share/card-fonts';
import { ShareCards } from '../../src/share/share-cards.service';
import { Browser, identityToken } from '../support/http';
import { api, Viewer } from '../support/live';
import {
  claimTicket,
  playerWithDetails,
  scheduleGame,
  SHOW_IN_SECONDS,
  startShow,
  type Show,
} from '../support/show';

// Issue 44, results worth sharing: an ended show's public results page carries its link preview
// (Open Graph and Twitter tags filled in by the server) and a PNG card drawn once, with nothing
// private in either.
const HOST = 'host@ruthless.test';
// Markup and a replacement pattern in a room name are text, never markup.
const ROOM = 'Midnight <b>Madness</b> & "$&"';
let show: Show;
let webDist: string;
let base: string;
let game: { gameUuid: string };
let results: GameResults;
const players: { alias: string; email: string; token: string; userId: string }[] = [];

/** The content of each <meta property|name="key" content="..."> of a page. */
function metaTags(html: string): Record<string, string> {
  return Object.fromEntries(
    [...html.matchAll(/<meta (?:property|name)="([^"]+)" content="([^"]*)" \/>/g)].map((m) => [m[1]!, m[2]!]),
  );
}

/** The words an SVG draws, in order, as a reader sees them (its entities read back). */
function svgText(svg: string): string {
  return [...svg.matchAll(/<text[^>]*>([^<]*)<\/text>/g)]
    .map((m) => m[1]!.replace(/&#(\d+);/g, (_all, code: string) => String.fromCharCode(Number(code))))
    .join(' ');
}

/** The width and height a PNG's header says. */
function pngSize(png: Buffer): { width: number; height: number } {
  expect(png.subarray(0, 8)).toEqual(Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]));
  expect(png.toString('latin1', 12, 16)).toBe('IHDR');
  return { width: png.readUInt32BE(16), height: png.readUInt32BE(20) };
}

beforeAll(async () => {
  // The web app as built: its index.html and the rooms' artwork the card draws.
  webDist = await mkdtemp(path.join(os.tmpdir(), 'ruthless-share-web-'));
  await mkdir(path.join(webDist, 'rooms'));
  await copyFile(new URL('../../../web/index.html', import.meta.url), path.join(webDist, 'index.html'));
  await copyFile(
    new URL('../../../web/public/rooms/gold-rush.svg', import.meta.url),
    path.join(webDist, 'rooms', 'gold-rush.svg'),
  );
  show = await startShow({
    host: HOST,
    room: { name: ROOM, theme: 'GOLD', roomImage: '/rooms/gold-rush.svg' },
    webDist,
  });
  base = show.server.url;

  // Every player's default is STEAL, and no STEAL is ever revealed: each finalist chooses SHARE.
  // So any "steal" on the page or the card would be an unrevealed choice leaking.
  for (const alias of ['Ann', 'Ben', 'Cat']) {
    const email = `${alias.toLowerCase()}.private-mail@ruthless.test`;
    const player = await playerWithDetails(base, alias, 'steal', email);
    players.push({ alias, email, ...player });
  }
  game = await scheduleGame(show, 2500, { timings: SHOW_IN_SECONDS });
  const viewer = await Viewer.join(base, players[0]!.token, game.gameUuid);
  for (const player of players) await claimTicket(show, player.token, game.gameUuid);
  await viewer.waitFor((message) => message.event.type === 'ruthless-started', 60_000);
  // Non-finalists are refused: only the finalists' choices count.
  for (const player of players) {
    await api(base, 'POST', `/api/games/${game.gameUuid}/choice`, player.token, { choice: 'share' });
  }
  await viewer.waitFor((message) => message.event.type === 'game-ended', 60_000);
  viewer.close();
  results = await vi.waitFor(
    async () => {
      const response = await api(base, 'GET', `/api/games/${game.gameUuid}/results`, null);
      if (response.status !== 200) throw new Error('the game did not end');
      return response.body as unknown as GameResults;
    },
    { timeout: 30_000, interval: 200 },
  );
}, 120_000);

afterAll(async () => {
  await show?.server.close();
  if (webDist) await rm(webDist, { recursive: true, force: true });
});

describe('the public results page', () => {
  it('answers a signed-out fetch with its link preview filled in, the names escaped', async () => {
    expect(results.outcome).toBe('all-share');
    const response = await fetch(`${base}/game/${game.gameUuid}/results`);
    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toContain('text/html');
    const html = await response.text();
    const tags = metaTags(html);
    const pageUrl = `${base}/game/${game.gameUuid}/results`;
    expect(tags['og:title']).toBe(
      'Midnight &#60;b&#62;Madness&#60;/b&#62; &#38; &#34;$&#38;&#34;: Everyone shared!',
    );
    expect(tags['og:url']).toBe(pageUrl);
    expect(tags['og:type']).toBe('website');
    expect(tags['og:image']).toMatch(
      new RegExp(`^${base}/api/games/${game.gameUuid}/share-card\\.png\\?v=[0-9a-f]{16}$`),
    );
    expect(tags['og:image:width']).toBe('1200');
    expect(tags['og:image:height']).toBe('630');
    expect(tags['og:image:type']).toBe('image/png');
    expect(tags['twitter:card']).toBe('summary_large_image');
    expect(tags['twitter:image']).toBe(tags['og:image']);
    expect(tags['og:description']).toContain(`The pot: £${(results.potPence / 100).toFixed(2)}.`);
    expect(html).toContain(`<link rel="canonical" href="${pageUrl}" />`);
    // No markup of the room's name survives as markup, anywhere on the page.
    expect(html).not.toContain('<b>');
    expect(html).toContain('<title>Midnight &#60;b&#62;Madness');
    // Revalidated cheaply: the same page again is a 304.
    const again = await fetch(pageUrl, { headers: { 'if-none-match': response.headers.get('etag')! } });
    expect(again.status).toBe(304);
  });

  it('is a 404 with the app for a game that does not exist, has not ended, or an id that is not one', async () => {
    const upcoming = await scheduleGame(show, 3_600_000);
    for (const id of [crypto.randomUUID(), upcoming.gameUuid, 'not-a-game', '%3Cscript%3E']) {
      const response = await fetch(`${base}/game/${id}/results`);
      expect(response.status, id).toBe(404);
      const html = await response.text();
      expect(html).toContain('<div id="root"></div>');
      expect(html).not.toContain('og:image');
    }
    const card = await fetch(`${base}/api/games/${upcoming.gameUuid}/share-card.png`);
    expect(card.status).toBe(404);
    expect(((await card.json()) as { message: string }).message).toBe(
      'This show has no results to share yet.',
    );
    const bad = await fetch(`${base}/api/games/nope/share-card.png`);
    expect(bad.status).toBe(400);
    const summary = await api(base, 'GET', `/api/games/${crypto.randomUUID()}/share`, null);
    expect(summary.status).toBe(404);
  });
});

describe('the share card', () => {
  it('is a 1200x630 PNG drawn once, whose SVG says the room and the pot', async () => {
    const summary = (await api(base, 'GET', `/api/games/${game.gameUuid}/share`, null))
      .body as unknown as ShareSummary;
    expect(summary.roomName).toBe(ROOM);
    const cards = show.server.app.fastify.shareCards;
    const before = cards.rendered;
    const response = await fetch(summary.imageUrl);
    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toBe('image/png');
    expect(response.headers.get('cache-control')).toBe('public, max-age=31536000, immutable');
    const png = Buffer.from(await response.arrayBuffer());
    expect(pngSize(png)).toEqual({ width: 1200, height: 630 });
    expect(cards.rendered).toBe(before + 1);

    // Asked again (a burst of link previews): the same bytes, not drawn again.
    const again = await Promise.all([fetch(summary.imageUrl), fetch(summary.imageUrl)]);
    for (const answer of again) expect(Buffer.from(await answer.arrayBuffer()).equals(png)).toBe(true);
    expect(cards.rendered).toBe(before + 1);
    // A cache that asks again gets a 304; an old version's address gets the card of now, briefly.
    const revalidated = await fetch(summary.imageUrl, {
      headers: { 'if-none-match': response.headers.get('etag')! },
    });
    expect(revalidated.status).toBe(304);
    const old = await fetch(summary.imageUrl.replace(/v=\w+/, 'v=0000000000000000'));
    expect(old.headers.get('cache-control')).toBe('public, max-age=600');
    expect(Buffer.from(await old.arrayBuffer()).equals(png)).toBe(true);

    // The text, read back from the SVG the PNG was drawn from.
    const svg = await cards.svg(game.gameUuid);
    const text = svgText(svg as string);
    // The room's name (a long one in two lines), its markup only ever text.
    expect(text).toContain(ROOM);
    expect(svg).not.toContain('<b>');
    expect(text).toContain(`THE POT £${(results.potPence / 100).toFixed(2)} Everyone shared!`);
    for (const finalist of results.finalists) expect(text).toContain(`${finalist.name} SHARE`);
    // The room's art is in it.
    expect(svg).toContain('data:image/svg+xml;base64,');
  });

  it('shows nothing private: no email, no unrevealed choice, on the page or in the card', async () => {
    const page = await (await fetch(`${base}/game/${game.gameUuid}/results`)).text();
    const svg = (await show.server.app.fastify.shareCards.svg(game.gameUuid)) as string;
    const summary = JSON.stringify((await api(base, 'GET', `/api/games/${game.gameUuid}/share`, null)).body);
    for (const text of [page, svg, summary]) {
      for (const player of players) {
        expect(text).not.toContain(player.email);
        expect(text).not.toContain(player.userId);
      }
      expect(text).not.toContain('private-mail');
      // Every default was STEAL and none was played: no "steal", "stole" nor "STEAL" anywhere.
      expect(text).not.toMatch(/steal|stole/i);
    }
  });

  it("shows a deleted account's name as the show does after the deletion, under a new version", async () => {
    const winner = results.payouts.find((payout) => payout.pence > 0)!;
    const player = players.find((p) => p.userId === winner.playerId)!;
    const before = (await api(base, 'GET', `/api/games/${game.gameUuid}/share`, null))
      .body as unknown as ShareSummary;
    expect(before.description).toContain(player.alias);

    const browser = new Browser(base);
    expect(
      (await browser.post('/api/auth/sign-in/email', { email: player.email, password: 'secret-pass-1' }))
        .status,
    ).toBe(200);
    const token = await identityToken(browser);
    const deleted = await browser.request('POST', '/api/safety/delete-account', {
      json: { password: 'secret-pass-1', confirm: true },
      headers: { authorization: token },
    });
    expect(deleted.status).toBe(200);

    // What the process had read stays until it reads the results again (SHARE_RECHECK_MS); a
    // fresh read, as after that time, names the player as the results now do.
    const app = show.server.app;
    const fonts = new CardFonts();
    const fresh = new ShareCards(app.live, app.fastify.repositories.rooms, app.fastify.roomImages, fonts, {
      publicUrl: app.config.publicUrl,
      webDist,
    });
    const after = (await fresh.summary(game.gameUuid)) as ShareSummary;
    expect(after.description).not.toContain(player.alias);
    expect(after.description).toContain('Deleted player');
    expect(after.version).not.toBe(before.version);
    expect(after.imageUrl).not.toBe(before.imageUrl);
    expect(await fresh.svg(game.gameUuid)).toContain('Deleted player');
    await fonts.close();
  });
});
