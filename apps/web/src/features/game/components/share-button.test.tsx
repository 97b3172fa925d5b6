import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { GameResults, ShareSummary } from '@ruthless/protocol';
import { renderWithApp, serveApi } from '@test/app';
import { expectNoAxeViolations } from '@test/axe';
import { LINK_COPIED, ShareButton } from './share-button';

const GAME = '6f1c1f1e-8a6a-4d59-9c53-0d6f3a1b2c3d';
const PAGE = `https://ruthless.example/game/${GAME}/results`;
const SUMMARY: ShareSummary = {
  gameUuid: GAME,
  roomName: 'Midnight Madness',
  roomTheme: 'RED',
  title: 'Midnight Madness: Ruthless! The stealers take the pot',
  description: 'The pot: £120.00.',
  pageUrl: PAGE,
  imageUrl: `https://ruthless.example/api/games/${GAME}/share-card.png?v=0123456789abcdef`,
  imageAlt: 'The results of Midnight Madness',
  version: '0123456789abcdef',
};

/** A show Rex won by stealing, Mia shared and got nothing, Ann won a line and Bob nothing. */
const RESULTS: GameResults = {
  gameUuid: GAME,
  roomUuid: '0b6e8a52-7c1d-4f0e-9a3b-5c2d1e0f9a8b',
  seed: 'a'.repeat(64),
  commitment: 'b'.repeat(64),
  ballSequence: [],
  prizeBall: 7,
  potMultiplier: 1,
  winners: [],
  finalists: [
    {
      ticketIndex: 0,
      playerId: 'rex',
      name: 'Rex',
      runnerUp: false,
      choice: 'steal',
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
  outcome: 'some-steal',
  potPence: 12_000,
  rolloverPence: 0,
  payouts: [
    { playerId: 'rex', name: 'Rex', pence: 12_000 },
    { playerId: 'mia', name: 'Mia', pence: 0 },
    { playerId: 'ann', name: 'Ann', pence: 1_000 },
    { playerId: 'bob', name: 'Bob', pence: 0 },
  ],
};

/** The phone's Web Share API: `share`, or none (undefined). */
function phoneShares(share: ((data: ShareData) => Promise<void>) | undefined) {
  Object.defineProperty(navigator, 'share', { value: share, configurable: true, writable: true });
}

function openResults(results: GameResults, me: string | null) {
  const api = serveApi({ 'GET /api/games/:id/share': () => ({ body: SUMMARY }) });
  renderWithApp(<ShareButton results={results} me={me} />);
  return api;
}

describe('the Share button of the results', { timeout: 30_000 }, () => {
  afterEach(() => {
    vi.unstubAllGlobals();
    Reflect.deleteProperty(navigator, 'share');
  });

  it("opens the phone's share sheet with the public page and what the player won, as they played it", async () => {
    const shared = vi.fn(async (_data: ShareData) => {});
    phoneShares(shared);
    const user = userEvent.setup();
    const api = openResults(RESULTS, 'rex');
    await user.click(await screen.findByRole('button', { name: 'Share the results' }));
    expect(shared).toHaveBeenCalledWith({
      title: SUMMARY.title,
      text: 'I stole £120.00 in Midnight Madness',
      url: PAGE,
    });
    expect(api.callsTo('GET', `/api/games/${GAME}/share`)).toHaveLength(1);
    await expectNoAxeViolations(document.body, { also: ['label-content-name-mismatch'] });
  });

  it('says a share as a share, a line as a win, and brags about nothing when the player won nothing', async () => {
    const shared = vi.fn(async (_data: ShareData) => {});
    phoneShares(shared);
    const user = userEvent.setup();
    const sharedWin: GameResults = {
      ...RESULTS,
      outcome: 'all-share',
      payouts: [
        { playerId: 'rex', name: 'Rex', pence: 3_000 },
        { playerId: 'mia', name: 'Mia', pence: 3_000 },
      ],
      finalists: RESULTS.finalists.map((finalist) => ({ ...finalist, choice: 'share' as const })),
    };
    const cases: [GameResults, string | null, string][] = [
      [sharedWin, 'mia', 'I shared £30.00 in Midnight Madness'],
      [RESULTS, 'ann', 'I won £10.00 in Midnight Madness'],
      // Mia shared and the stealer took it all: no boast of a loss.
      [RESULTS, 'mia', 'See how Midnight Madness ended on Ruthless'],
      [RESULTS, 'bob', 'See how Midnight Madness ended on Ruthless'],
      [RESULTS, null, 'See how Midnight Madness ended on Ruthless'],
    ];
    for (const [results, me, text] of cases) {
      serveApi({ 'GET /api/games/:id/share': () => ({ body: SUMMARY }) });
      const { unmount } = renderWithApp(<ShareButton results={results} me={me} />);
      await user.click(await screen.findByRole('button', { name: 'Share the results' }));
      expect(shared).toHaveBeenLastCalledWith(expect.objectContaining({ text }));
      unmount();
    }
  });

  it('copies the words and the link where the phone cannot share, and says so', async () => {
    phoneShares(undefined);
    // user-event's clipboard stands in for the phone's.
    const user = userEvent.setup();
    openResults(RESULTS, 'rex');
    await user.click(await screen.findByRole('button', { name: 'Share the results' }));
    expect(await screen.findByText(LINK_COPIED)).toBeInTheDocument();
    expect(await navigator.clipboard.readText()).toBe(`I stole £120.00 in Midnight Madness ${PAGE}`);
    await expectNoAxeViolations();
  });

  it('is not offered until the server has the show’s page', async () => {
    serveApi({});
    renderWithApp(<ShareButton results={RESULTS} me="rex" />);
    await waitFor(() => expect(screen.queryByRole('button')).not.toBeInTheDocument());
  });
});
