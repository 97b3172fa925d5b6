import { PHONE_EXAMPLE, userSettingsSchema } from '@ruthless/protocol';
import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { renderWithApp, serveApi } from '@test/app';
import { expectNoAxeViolations } from '@test/axe';
import { expectFormErrors, findToast, userSettings } from '@test/auth';
import { DetailsForm } from './details-form';

// The mandatory details form (docs/player-app.md: Start-up gate, Validation): every message, the
// slider resting unchosen, the phone field's example, and what is sent. What the server keeps of
// it (the number in E.164…) is apps/server/test/routes/api/operator.test.ts's.

function serveDetails() {
  return serveApi({
    'PUT /api/operator/user/details': (call) => {
      const sent = call.body as Record<string, unknown>;
      return {
        body: userSettingsSchema.parse({
          alias: sent.alias,
          phoneNumber: sent.phoneNumber,
          defaultChoice: sent.ruthlessChoice,
          dobDay: Number(sent.dobDay),
          dobMonth: Number(sent.dobMonth),
          dobYear: Number(sent.dobYear),
          marketingAccepted: sent.marketingAccepted,
        }),
      };
    },
  });
}

async function fill(user: ReturnType<typeof userEvent.setup>, values: Record<string, string>) {
  for (const [label, value] of Object.entries(values)) {
    const input = screen.getByLabelText(label, { exact: true });
    await user.clear(input);
    if (value) await user.type(input, value);
  }
}

describe('DetailsForm', { timeout: 20_000 }, () => {
  afterEach(() => vi.unstubAllGlobals());

  it('shows every message of its fields, in the order of the fields, in one toast', async () => {
    const api = serveDetails();
    renderWithApp(<DetailsForm settings={userSettings({}, { empty: true })} />);
    const user = userEvent.setup();
    expect(screen.getByRole('heading', { name: 'Your details' })).toBeInTheDocument();
    await expectNoAxeViolations();
    const save = screen.getByRole('button', { name: 'Save details' });

    await user.click(save);
    await expectFormErrors([
      'Chat name cannot be empty',
      'You need to provide valid phone number',
      'Day is required',
      'Month is required',
      'Year is required',
      'Please choose your default ruthless choice',
    ]);
    expect(screen.getByLabelText('Chat Name')).toHaveAttribute('aria-invalid', 'true');

    await fill(user, { 'Chat Name': 'ab', 'Phone number': '123', Day: '32', Month: '13', Year: '1800' });
    await user.click(save);
    await expectFormErrors([
      'Minimum allowed characters is 3.',
      'You need to provide valid phone number',
      'Day cannot be more than 31',
      'Month cannot be more than 12',
      'Year must be at least 1900',
      'Please choose your default ruthless choice',
    ]);

    await fill(user, { 'Chat Name': 'elevenchars', Day: '0', Month: 'x', Year: '2101' });
    await user.click(save);
    await expectFormErrors([
      'Maximum allowed characters is 10.',
      'You need to provide valid phone number',
      'Day must be at least 1',
      'Please enter a valid month number',
      'Year cannot be more than 2100',
      'Please choose your default ruthless choice',
    ]);

    // The slider rests in the middle, unchosen; to the right is steal.
    const slider = screen.getByRole('slider', { name: 'Default ruthless choice' });
    expect(slider).toHaveAttribute('aria-valuetext', 'Not chosen');
    slider.focus();
    await user.keyboard('{ArrowRight}');
    expect(slider).toHaveAttribute('aria-valuetext', 'steal');

    // The phone field's example is one the form accepts.
    const phone = screen.getByLabelText('Phone number');
    expect(phone).toHaveAttribute('placeholder', PHONE_EXAMPLE);
    await fill(user, { 'Phone number': PHONE_EXAMPLE });
    await user.click(save);
    await expectFormErrors([
      'Maximum allowed characters is 10.',
      'Day must be at least 1',
      'Please enter a valid month number',
      'Year cannot be more than 2100',
    ]);
    expect(api.calls).toEqual([]);
  });

  it('sends the details, the number in E.164, and says they are saved', async () => {
    const api = serveDetails();
    renderWithApp(<DetailsForm settings={userSettings({}, { empty: true })} />);
    const user = userEvent.setup();
    await fill(user, {
      'Chat Name': 'ada',
      'Phone number': '07911 123456',
      Day: '10',
      Month: '12',
      Year: '1990',
    });
    const slider = screen.getByRole('slider', { name: 'Default ruthless choice' });
    slider.focus();
    await user.keyboard('{ArrowLeft}');
    expect(slider).toHaveAttribute('aria-valuetext', 'share');
    await user.click(screen.getByRole('checkbox'));
    await user.click(screen.getByRole('button', { name: 'Save details' }));

    expect(
      await findToast(
        'Your details have been updated. You can change them later at any time by going to your profile page.',
      ),
    ).toBeInTheDocument();
    expect(api.callsTo('PUT', '/api/operator/user/details')[0]!.body).toEqual({
      alias: 'ada',
      phoneNumber: '+447911123456',
      ruthlessChoice: 'share',
      dobDay: 10,
      dobMonth: 12,
      dobYear: 1990,
      marketingAccepted: true,
    });
  });

  it('links the privacy policy from the marketing consent, in a new tab', () => {
    serveDetails();
    renderWithApp(<DetailsForm settings={userSettings({}, { empty: true })} />);
    const link = screen.getByRole('link', { name: 'Privacy Policy' });
    expect(link).toHaveAttribute('href', '/login?privacy-policy=1');
    expect(link).toHaveAttribute('target', '_blank');
    expect(screen.getByRole('checkbox')).not.toBeChecked();
  });
});
