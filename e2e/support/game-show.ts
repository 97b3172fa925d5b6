import { expect, type Browser, type Page } from '@playwright/test';
import type { GameResults } from '@ruthless/protocol';
import type { Host } from './lobby-host';
import { claimTicketViaApi, signUpPlayer } from './lobby-players';

/**
 * Records, in the page, every ball the screen shows as the current ball, in order, so a test can
 * compare what each player saw with the stored draw.
 */
export async function recordBallsShown(page: Page): Promise<void> {
  await page.addInitScript(() => {
    const shown: number[] = [];
    (window as unknown as { __ballsShown: number[] }).__ballsShown = shown;
    const observer = new MutationObserver(() => {
      const ball = Number(document.querySelector('[data-testid="current-ball"]')?.getAttribute('data-ball'));
      if (ball && shown.at(-1) !== ball) shown.push(ball);
    });
    document.addEventListener('DOMContentLoaded', () => {
      observer.observe(document.body, { subtree: true, childList: true, attributes: true });
    });
  });
}

export async function ballsShown(page: Page): Promise<number[]> {
  return page.evaluate(() => (window as unknown as { __ballsShown: number[] }).__ballsShown);
}

/** The numbers the called-numbers board shows as called. */
export async function boardCalled(page: Page): Promise<number[]> {
  return page.locator('[data-called]').evaluateAll((cells) => cells.map((cell) => Number(cell.textContent)));
}

/** The ticket's numbers, each with whether it is marked. */
export async function ticketCells(page: Page): Promise<{ number: number; marked: boolean }[]> {
  return page
    .getByRole('table', { name: 'Ticket numbers' })
    .locator('[role="cell"]:not([aria-label="blank"])')
    .evaluateAll((cells) =>
      cells.map((cell) => ({
        number: Number.parseInt(cell.textContent ?? '', 10),
        marked: cell.hasAttribute('data-marked'),
      })),
    );
}

export async function dismissSoundModal(page: Page): Promise<void> {
  const sound = page.getByRole('dialog', { name: 'Sound Interaction Required' });
  if (await sound.isVisible()) await sound.getByRole('button', { name: 'Confirm' }).click();
}

/** Every ticket number is marked exactly when its ball was called. */
export async function expectTicketMarkedBy(page: Page, balls: number[]): Promise<void> {
  const called = new Set(balls);
  const cells = await ticketCells(page);
  expect(cells).toHaveLength(15);
  for (const cell of cells) expect(cell.marked, `ticket number ${cell.number}`).toBe(called.has(cell.number));
}

export async function resultsOf(page: Page, gameUuid: string): Promise<GameResults> {
  const response = await page.request.get(`/api/games/${gameUuid}/results`);
  expect(response.status()).toBe(200);
  return (await response.json()) as GameResults;
}

/**
 * A show that starts in 25 s and runs through to the final at fast timings, in a room of its own,
 * with two players holding a ticket each (each in a browser context of their own, not yet on the
 * game screen): both reach the final, whose choice lasts `ruthlessMs`.
 */
export async function twoFinalistsShow(
  browser: Browser,
  host: Host,
  { ruthlessMs, ruthlessChoice }: { ruthlessMs: number; ruthlessChoice?: 'share' | 'steal' },
) {
  const room = await host.createRoom();
  const game = await host.createGame(room.roomUuid, {
    startsInMs: 25_000,
    prizeLuckyFateSelections: 'in-game',
    timings: {
      greenRoomMs: 60_000,
      reelsMs: 200,
      luckyFateMs: 300,
      ballIntervalMs: 150,
      ruthlessMs,
      revealMs: 200,
    },
  });
  const pages: Page[] = [];
  const playerUuids: string[] = [];
  for (let i = 0; i < 2; i++) {
    const page = await (await browser.newContext()).newPage();
    const player = await signUpPlayer(page.request, { ruthlessChoice });
    await claimTicketViaApi(page.request, player, { gameUuid: game.gameUuid, roomUuid: room.roomUuid });
    pages.push(page);
    playerUuids.push(player.playerUuid);
  }
  return { room, game, pages, playerUuids };
}
