import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { renderWithApp } from '@test/app';
import { expectNoAxeViolations } from '@test/axe';
import { INVITE_URL, inviteOf, serveProfile, signInPlayer } from '@test/profile';
import { INVITE_COPIED, InviteFriend } from './invite-friend';

/** The phone's Web Share API: `share`, or none (undefined). */
function phoneShares(share: ((data: ShareData) => Promise<void>) | undefined) {
  Object.defineProperty(navigator, 'share', { value: share, configurable: true, writable: true });
}

function openInvite(friendsJoined: number) {
  const api = serveProfile({ 'GET /api/profile/invite': () => ({ body: inviteOf({ friendsJoined }) }) });
  renderWithApp(<InviteFriend />);
  return api;
}

describe("the profile's Invite a friend", { timeout: 30_000 }, () => {
  beforeEach(signInPlayer);
  afterEach(() => {
    vi.unstubAllGlobals();
    Reflect.deleteProperty(navigator, 'share');
  });

  it('shows the link and says no friend has joined yet', async () => {
    openInvite(0);
    expect(await screen.findByText('Invite your friends')).toBeInTheDocument();
    expect(screen.getByRole('heading', { name: 'Invite a friend' })).toBeInTheDocument();
    expect(screen.getByTestId('invite-link')).toHaveTextContent(INVITE_URL);
    expect(screen.getByTestId('invite-count')).toHaveTextContent('No friends have joined yet');
    await expectNoAxeViolations();
  });

  it('counts one friend and several', async () => {
    openInvite(1);
    expect(await screen.findByTestId('invite-count')).toHaveTextContent(/^1 friend joined$/);
    document.body.innerHTML = '';
    openInvite(3);
    expect(await screen.findByText('3 friends joined')).toBeInTheDocument();
    await expectNoAxeViolations();
  });

  it("opens the phone's share sheet with the link and the invitation", async () => {
    const shared = vi.fn(async (_data: ShareData) => {});
    phoneShares(shared);
    const user = userEvent.setup();
    openInvite(0);
    await user.click(await screen.findByRole('button', { name: 'Share your invite' }));
    expect(shared).toHaveBeenCalledWith({
      title: 'Ruthless',
      text: 'Play Ruthless with me: free live bingo game shows',
      url: INVITE_URL,
    });
  });

  it('copies the words and the link where the phone cannot share, and says so', async () => {
    phoneShares(undefined);
    const user = userEvent.setup();
    openInvite(2);
    await user.click(await screen.findByRole('button', { name: 'Share your invite' }));
    expect(await screen.findByText(INVITE_COPIED)).toBeInTheDocument();
    expect(await navigator.clipboard.readText()).toBe(
      `Play Ruthless with me: free live bingo game shows ${INVITE_URL}`,
    );
    await expectNoAxeViolations();
  });

  it('says so when the link cannot be loaded', async () => {
    serveProfile({
      'GET /api/profile/invite': () => ({ status: 500, body: { code: 'internal', message: 'x' } }),
    });
    renderWithApp(<InviteFriend />);
    expect(
      await screen.findByText('Your invite link could not be loaded. Please try again later.'),
    ).toBeInTheDocument();
    await expectNoAxeViolations();
  });
});
