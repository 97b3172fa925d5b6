import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { userSettingsSchema, type UserSettings } from '@ruthless/protocol/user-settings';
import { renderWithApp, serveApi } from '@test/app';
import { expectNoAxeViolations } from '@test/axe';
import { ChatNameResetModal } from './chat-name-reset-modal';

// A player whose chat name the host reset is told why and asked for a new one in a dialog over
// the screen they are on (the show goes on underneath), with the chat name's rules.

const settings: UserSettings = userSettingsSchema.parse({
  alias: null,
  phoneNumber: '+447911123456',
  defaultChoice: 'steal',
  dobDay: 1,
  dobMonth: 2,
  dobYear: 1990,
  marketingAccepted: false,
});

afterEach(() => vi.unstubAllGlobals());

describe('ChatNameResetModal', { timeout: 20_000 }, () => {
  it('says the host reset the name, keeps the chat name’s rules, and saves the new one with the stored details', async () => {
    const api = serveApi({
      'PATCH /api/operator/user': (call) => ({
        body: { ...settings, ...(call.body as object), defaultChoice: 'steal' },
      }),
    });
    renderWithApp(<ChatNameResetModal settings={settings} />, { path: '/game/x' });

    const dialog = screen.getByRole('dialog', { name: 'Choose a new chat name' });
    expect(dialog).toHaveTextContent(
      'Your chat name was reset by the host. Please choose a new one: you stay in the show.',
    );
    // Not the first-time details form.
    expect(screen.queryByLabelText('Day')).not.toBeInTheDocument();
    await expectNoAxeViolations();

    const user = userEvent.setup();
    await user.click(within(dialog).getByRole('button', { name: 'Save' }));
    expect(await screen.findByRole('list', { name: 'Form errors' })).toHaveTextContent(
      'Chat name cannot be empty',
    );
    expect(api.calls).toEqual([]);
    await expectNoAxeViolations();

    await user.type(within(dialog).getByLabelText('Chat name'), 'Kind1');
    await user.click(within(dialog).getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(api.callsTo('PATCH', '/api/operator/user')).toHaveLength(1));
    expect(api.callsTo('PATCH', '/api/operator/user')[0]!.body).toEqual({
      alias: 'Kind1',
      phoneNumber: '+447911123456',
      ruthlessChoice: 'steal',
    });
    expect(await screen.findByText('Your details have been updated.')).toBeInTheDocument();
  });
});
