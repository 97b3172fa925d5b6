import { screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { GameResults, ShareSummary } from '@ruthless/protocol';
import { renderWithApp, serveApi } from '@test/app';
import { expectNoAxeViolations } from '@test/axe';
import { useClientStore } from '@/stores/client-store';
import { GameResultsRoute } from './game-results';

const GAME = '6f1c1f1e-8a6a-4d59-9c53-0d6f3a1b2c3d';
const SUMMARY: ShareSummary = {
  gameUuid: GAME,
  roomName: 'Midnight Madness',
  roomTheme: 'RED',
  title: 'Midnight Madness: Everyone shared!',
  description: 'The pot: £120.00.',
  pageUrl: `https://ruthless.example/game/${GAME}/results`,
  imageUrl: `https://ruthless.example/api/games/${GAME}/share-card.png?v=0123456789abcdef`,
  imageAlt: 'The results of Midnight Madness',
  version: '0123456789abcdef',
};
const RESULTS: GameResults = {
  gameUuid: GAME,
  roomUuid: '0b6e8a52-7c1d-4f0e-9a3b-5c2d1e0f9a8b',
  seed: 'a'.repeat(64),
  commitment: 'b'.repeat(64),
  ballSequence: [4, 18, 33],
  prizeBall: 7,
  potMultiplier: 1,
  winners: [
    {
      prize: 'full-house',
      ball: 33,
      onPrizeBall: false,
      tickets: [{ ticketIndex: 0, playerId: 'rex', name: 'Rex', pence: 0 }],
    },
  ],
  finalists: [
    {
      ticketIndex: 0,
      playerId: 'rex',
      name: 'Rex',
      runnerUp: false,
      choice: 'share',
      defaulted: false,
      luckyFatePick: 0,
      luckyFateMultiplier: 1,
    },
    {
      ticketIndex: 1,
      playerId: 'mia',
      name: 'Mia',
      runnerUp: true,
      choice: 'share',
      defaulted: false,
      luckyFatePick: 1,
      luckyFateMultiplier: 1,
    },
  ],
  outcome: 'all-share',
  potPence: 12_000,
  rolloverPence: 0,
  payouts: [
    { playerId: 'rex', name: 'Rex', pence: 6_000 },
    { playerId: 'mia', name: 'Mia', pence: 6_000 },
  ],
};

const openPage = (id = GAME) =>
  renderWithApp(<GameResultsRoute />, { path: `/game/${id}/results`, route: '/game/:id/results' });

describe("an ended show's public results page", { timeout: 30_000 }, () => {
  afterEach(() => vi.unstubAllGlobals());

  it('shows the room, the pot, every winning and the prizes to anyone, with Share, Watch again and the next show', async () => {
    const api = serveApi({
      'GET /api/games/:id/share': () => ({ body: SUMMARY }),
      'GET /api/games/:id/results': () => ({ body: RESULTS }),
    });
    openPage();
    expect(await screen.findByRole('heading', { level: 1, name: 'Midnight Madness' })).toBeInTheDocument();
    expect(await screen.findByText('The pot')).toBeInTheDocument();
    expect(screen.getByText('The pot').parentElement).toHaveTextContent('The pot£120.00');
    expect(screen.getByText('Everyone shared!')).toBeInTheDocument();
    expect(screen.getByRole('list', { name: "Every player's winnings" })).toHaveTextContent(
      'Rex£60.00Mia£60.00',
    );
    expect(
      within(screen.getByRole('list', { name: 'Prizes won' })).getByText('Rex on ball 33'),
    ).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Share the results' })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Watch again' })).toHaveAttribute('href', `/game/${GAME}/replay`);
    expect(screen.getByRole('link', { name: 'Play the next show' })).toHaveAttribute('href', '/');
    // Dressed in the room's colours.
    expect(useClientStore.getState().backgroundTheme).toBe('RED');
    // Nobody is signed in: no call carries a token.
    expect(api.calls.every((call) => !call.headers.has('authorization'))).toBe(true);
    expect(api.unanswered).toEqual([]);
    await expectNoAxeViolations(document.body, { also: ['label-content-name-mismatch'] });
  });

  it("is the app's not-found for a show that has not ended or does not exist", async () => {
    serveApi({
      'GET /api/games/:id/share': () => ({
        status: 404,
        body: { statusCode: 404, code: 'game/not-found', message: 'This show has no results to share yet.' },
      }),
    });
    openPage();
    expect(
      await screen.findByRole('heading', { level: 1, name: "That number's not on the board" }),
    ).toBeInTheDocument();
    await expectNoAxeViolations();
  });
});
