import { ReminderErrorCode, ReminderMessage } from '@ruthless/protocol/safety';
import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { renderWithApp, serveApi } from '@test/app';
import { expectNoAxeViolations } from '@test/axe';
import { refusal } from '@test/profile';
import { UnsubscribeRoute } from './unsubscribe';

const TOKEN = 'eyJnIjoiMSJ9.c2lnbmVk';

/** The server: the mail's own token unsubscribes, any other is refused. */
const serveUnsubscribe = () =>
  serveApi({
    'POST /api/safety/unsubscribe': (call) =>
      (call.body as { token: string }).token === TOKEN
        ? { body: { message: ReminderMessage.unsubscribed } }
        : refusal(400, ReminderErrorCode.badUnsubscribeToken, ReminderMessage.badUnsubscribeToken),
  });

const openLink = (search: string) =>
  renderWithApp(<UnsubscribeRoute />, { path: `/unsubscribe${search}`, route: '/unsubscribe' });

describe('the unsubscribe page of reminder mails', { timeout: 30_000 }, () => {
  afterEach(() => vi.unstubAllGlobals());

  it("asks first (opening the link changes nothing), then posts the mail's token and says it is done", async () => {
    const api = serveUnsubscribe();
    const user = userEvent.setup();
    openLink(`?token=${encodeURIComponent(TOKEN)}`);
    expect(screen.getByRole('heading', { level: 1, name: 'Show reminders' })).toBeInTheDocument();
    expect(screen.getByText('Stop the emails that remind you of shows?')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Ruthless home' })).toHaveAttribute('href', '/');
    expect(api.calls).toEqual([]);
    await expectNoAxeViolations();

    await user.click(screen.getByRole('button', { name: 'Unsubscribe' }));
    expect(await screen.findByTestId('unsubscribed')).toHaveTextContent(
      /^You will get no more show reminders by email\.$/,
    );
    // Announced as it comes.
    expect(screen.getByTestId('unsubscribed')).toHaveAttribute('role', 'status');
    expect(screen.queryByRole('button', { name: 'Unsubscribe' })).not.toBeInTheDocument();
    expect(api.callsTo('POST', '/api/safety/unsubscribe').map((call) => call.body)).toEqual([
      { token: TOKEN },
    ]);
    await expectNoAxeViolations();
  });

  it("says a link that is not one of ours is not valid, in the server's words", async () => {
    serveUnsubscribe();
    const user = userEvent.setup();
    openLink('?token=forged');
    await user.click(screen.getByRole('button', { name: 'Unsubscribe' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('This unsubscribe link is not valid.');
    expect(screen.queryByTestId('unsubscribed')).not.toBeInTheDocument();
  });

  it('says a link without its token is not valid, and offers no button', () => {
    serveUnsubscribe();
    openLink('');
    expect(screen.getByText('This unsubscribe link is not valid.')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Unsubscribe' })).not.toBeInTheDocument();
  });
});
