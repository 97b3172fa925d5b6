import { ReminderMessage } from '@ruthless/protocol/safety';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { OFFERS_NOTIFICATIONS } from '@/lib/query-client';
import { renderWithApp, serveApi } from '@test/app';
import { expectNoAxeViolations } from '@test/axe';
import { RemindMeButton } from './remind-me-button';

// Moved from e2e/player-small-things.spec.ts and e2e/safety-reminders.spec.ts (issue 39): what
// the lobby's 'Remind Me' shows for each choice. The reminder mail itself is the server's
// (apps/server/test/safety/reminders.test.ts).

const game = {
  gameUuid: '4d3c2b1a-0f9e-4d8c-b7a6-958473625140',
  gameStartTime: '2026-11-20T19:00:00.000Z',
  roomName: 'Ruby Rush',
  url: 'https://ruthless.test/',
};

const choice = () => screen.getByRole('dialog', { name: 'Remind me' });

async function openChoice(user: ReturnType<typeof userEvent.setup>) {
  const rendered = renderWithApp(<RemindMeButton {...game} />, { path: '/' });
  await user.click(screen.getByRole('button', { name: 'Remind Me' }));
  // The choice's code loads on the first tap.
  expect(await screen.findByRole('dialog', { name: 'Remind me' }, { timeout: 10_000 })).toHaveTextContent(
    'How would you like to be reminded of this show?',
  );
  return rendered;
}

describe('Remind Me (the lobby)', { timeout: 30_000 }, () => {
  afterEach(() => {
    vi.unstubAllGlobals();
    vi.restoreAllMocks();
  });

  it('says on screen that the calendar file was downloaded', async () => {
    serveApi({});
    vi.spyOn(URL, 'createObjectURL').mockReturnValue('blob:http://localhost/ics');
    vi.spyOn(URL, 'revokeObjectURL').mockImplementation(() => undefined);
    const files: string[] = [];
    vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (this: HTMLAnchorElement) {
      files.push(this.download);
    });
    const user = userEvent.setup();
    await openChoice(user);
    await expectNoAxeViolations();
    await user.click(within(choice()).getByRole('button', { name: 'Add to my calendar' }));
    expect(
      await screen.findByText('The calendar file was downloaded: open it to add the show to your calendar.'),
    ).toBeInTheDocument();
    expect(files).toHaveLength(1);
    expect(files[0]).toMatch(/^ruthless-ruby-rush-4d3c2b1a\.ics$/);
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
  });

  it('asks the server for an email 10 minutes before and says so', async () => {
    const api = serveApi({
      'POST /api/safety/reminders': () => ({
        status: 201,
        body: { gameUuid: game.gameUuid, remindAt: '2026-11-20T18:50:00.000Z' },
      }),
    });
    const user = userEvent.setup();
    const { queryClient } = await openChoice(user);
    await user.click(within(choice()).getByRole('button', { name: 'Email me 10 minutes before' }));
    expect(await screen.findByText('We will email you 10 minutes before the show.')).toBeInTheDocument();
    // A moment worth the offer of notifications (the shell's NotifyMePrompt watches for it).
    expect(
      queryClient
        .getMutationCache()
        .getAll()
        .map((mutation) => mutation.options.meta),
    ).toEqual([OFFERS_NOTIFICATIONS]);
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    expect(api.callsTo('POST', '/api/safety/reminders').map((call) => call.body)).toEqual([
      { gameUuid: game.gameUuid },
    ]);
  });

  it("says a refused reminder in the server's words and stays open", async () => {
    serveApi({
      'POST /api/safety/reminders': () => ({
        status: 409,
        body: { code: 'reminder/show-started', message: ReminderMessage.showStarted },
      }),
    });
    const user = userEvent.setup();
    await openChoice(user);
    await user.click(within(choice()).getByRole('button', { name: 'Email me 10 minutes before' }));
    expect(
      await screen.findByText('This show has already started: there is nothing to remind you of.'),
    ).toBeInTheDocument();
    expect(choice()).toBeInTheDocument();
  });
});
