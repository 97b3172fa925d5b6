import { test, expect, type Page } from './support/fixtures';
import { dismissSoundModal, resultsOf, twoFinalistsShow } from './support/game-show';
import { signInHost, type Host } from './support/lobby-host';

// Issue 31 item 3: a lost connection shows within 2 s without moving the screen, and a final
// choice tapped offline says it is not sent yet, and is sent on reconnect.

let host: Host;
test.beforeAll(async () => {
  host = await signInHost();
});
test.afterAll(async () => {
  await host.dispose();
});

const heading = (page: Page) => page.getByRole('heading', { level: 1 });

test('offline in the final: "Reconnecting…" within 2 s in place, the SHARE waits unsent and goes on reconnect', async ({
  browser,
}) => {
  test.setTimeout(150_000);
  const { game, pages, playerUuids } = await twoFinalistsShow(browser, host, {
    ruthlessMs: 40_000,
    ruthlessChoice: 'steal',
  });
  const page = pages[0]!;
  await page.goto(`/game/${game.gameUuid}`);
  await dismissSoundModal(page);
  await expect(heading(page)).toHaveText('The Final', { timeout: 90_000 });
  // The title's entrance has played out.
  await expect
    .poll(() =>
      heading(page).evaluate((el) => el.getAnimations().filter((a) => a.playState === 'running').length),
    )
    .toBe(0);
  const title = await heading(page).boundingBox();
  const slider = page.getByRole('button', { name: /Share/ });
  const sliderBox = await slider.boundingBox();

  // The network drops: said within 2 s, with nothing on the screen moved.
  await page.context().setOffline(true);
  const reconnecting = page.getByRole('status').filter({ hasText: 'Reconnecting…' });
  await expect(reconnecting).toBeVisible({ timeout: 2_000 });
  expect(await heading(page).boundingBox()).toEqual(title);
  expect(await slider.boundingBox()).toEqual(sliderBox);

  // SHARE tapped offline: not claimed as chosen.
  await slider.click();
  const note = page.getByTestId('choice-note');
  await expect(note).toHaveText('Your SHARE is not sent yet: it goes as soon as you are back online.', {
    timeout: 10_000,
  });
  await expect(page.getByText(/You chose to SHARE/)).toHaveCount(0);
  await page.screenshot({ path: test.info().outputPath('final-offline.png') });

  // Back online: sent, and the server has it.
  await page.context().setOffline(false);
  await expect(reconnecting).toHaveCount(0, { timeout: 15_000 });
  await expect(note).toContainText('You chose to SHARE', { timeout: 15_000 });
  await expect(page.getByRole('heading', { name: 'Winnings' })).toBeVisible({ timeout: 60_000 });
  const results = await resultsOf(page, game.gameUuid);
  const mine = results.finalists.find((finalist) => finalist.playerId === playerUuids[0]);
  expect(mine).toMatchObject({ choice: 'share', defaulted: false });
  for (const each of pages) await each.context().close();
});
