import { hostBreakCountsSchema } from '@ruthless/protocol';
import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { renderWithApp, serveApi } from '@test/app';
import { expectNoAxeViolations } from '@test/axe';
import { PlayersAway } from './players-away';

// Moved from e2e/safety.spec.ts (issue 39): what the host console shows of players away and the
// marketing list's file. Who is counted and who is listed are the server's rules
// (apps/server/test/safety/take-a-break.test.ts, marketing-consent.test.ts).

const CSV =
  'email,first_name,last_name,chat_name,consented_at,wording\r\nann@ruthless.test,Ann,Lee,Ann,2026-11-20T18:30:00.000Z,I would like…\r\n';

describe("the host console's players away", { timeout: 30_000 }, () => {
  afterEach(() => {
    vi.unstubAllGlobals();
    vi.restoreAllMocks();
  });

  it('counts players on a break and self-excluded, naming none', async () => {
    serveApi({
      'GET /api/host/safety/breaks': () => ({
        body: hostBreakCountsSchema.parse({ onBreak: 3, selfExcluded: 1 }),
      }),
    });
    renderWithApp(
      <main>
        <PlayersAway />
      </main>,
      { path: '/host' },
    );
    const away = await screen.findByTestId('players-away');
    expect(away).toHaveTextContent(/^3 on a break · 1 self-excluded$/);
    expect(away).toHaveAccessibleName('Players away from play');
    await expectNoAxeViolations();
  });

  it('saves the marketing list as ruthless-marketing-consent.csv, as the server wrote it', async () => {
    const api = serveApi({
      'GET /api/host/safety/breaks': () => ({ body: { onBreak: 0, selfExcluded: 0 } }),
      'GET /api/host/safety/marketing.csv': () =>
        new Response(CSV, { headers: { 'content-type': 'text/csv; charset=utf-8' } }),
    });
    let file: Blob | undefined;
    vi.spyOn(URL, 'createObjectURL').mockImplementation((blob) => {
      file = blob as Blob;
      return 'blob:http://localhost/csv';
    });
    vi.spyOn(URL, 'revokeObjectURL').mockImplementation(() => undefined);
    const names: string[] = [];
    vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (this: HTMLAnchorElement) {
      names.push(this.download);
    });
    const user = userEvent.setup();
    renderWithApp(<PlayersAway />, { path: '/host' });
    await user.click(screen.getByRole('button', { name: 'Marketing list (CSV)' }));
    await vi.waitFor(() => expect(names).toEqual(['ruthless-marketing-consent.csv']));
    expect(await file!.text()).toBe(CSV);
    expect(api.callsTo('GET', '/api/host/safety/marketing.csv')).toHaveLength(1);
  });
});
