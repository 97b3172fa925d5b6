import {
  inviteLinkResponseSchema,
  marketingConsentSchema,
  playBreakStatusSchema,
  userSettingsSchema,
  type InviteLinkResponse,
  type MarketingConsent,
  type PlayBreakStatus,
  type UserSettings,
} from '@ruthless/protocol';
import { safetySettingsSchema, type SafetySettings } from '@ruthless/protocol/safety';
import { fireEvent } from '@testing-library/react';
import { useSessionStore } from '@/stores/session-store';
import { serveApi, type ApiHandler } from './app';

/**
 * The profile's and the safety screens' edge (apps/web/src/app/routes/profile.tsx and
 * features/safety): a signed-in player and the server's answers for what the profile reads on
 * open, each parsed with the protocol's schema, so a test changes only what it is about.
 */

export const PLAYER_UUID = '0b9f3c52-6d0e-4a43-9d3e-1f6f1d2b7c10';

export const settingsOf = (overrides: Partial<UserSettings> = {}): UserSettings =>
  userSettingsSchema.parse({
    alias: 'Ann',
    phoneNumber: '+447911123456',
    defaultChoice: 'share',
    dobDay: 1,
    dobMonth: 1,
    dobYear: 1990,
    marketingAccepted: false,
    ...overrides,
  });

export const safetySettingsOf = (overrides: Partial<SafetySettings> = {}): SafetySettings =>
  safetySettingsSchema.parse({ realityCheckMinutes: 60, remindEveryShow: false, ...overrides });

export const noBreak: PlayBreakStatus = playBreakStatusSchema.parse({ current: null });

export const marketingOf = (overrides: Partial<MarketingConsent> = {}): MarketingConsent =>
  marketingConsentSchema.parse({ given: false, at: null, wording: null, ...overrides });

export const INVITE_URL = 'https://ruthless.example/invite/q8Kd2xR7vN1pL4sT9wYb3A';

export const inviteOf = (overrides: Partial<InviteLinkResponse> = {}): InviteLinkResponse =>
  inviteLinkResponseSchema.parse({ url: INVITE_URL, friendsJoined: 0, ...overrides });

/** Signs the player in as the start-up gate leaves them: the real store, set. */
export function signInPlayer() {
  useSessionStore.setState({ playerUuid: PLAYER_UUID, accessToken: 'identity-token' });
}

/** What the profile asks for on open, answered as for a player with saved details, plus `routes`. */
export function serveProfile(routes: Record<string, ApiHandler> = {}) {
  return serveApi({
    'GET /api/operator/user': () => ({ body: settingsOf() }),
    'GET /api/my-shows': () => ({ body: [] }),
    'GET /api/safety/settings': () => ({ body: safetySettingsOf() }),
    'GET /api/safety/break': () => ({ body: noBreak }),
    'GET /api/safety/marketing': () => ({ body: marketingOf() }),
    'GET /api/profile/invite': () => ({ body: inviteOf() }),
    'GET /api/push/preferences': () => ({ body: { showStarts: true, followedRooms: true, wins: true } }),
    ...routes,
  });
}

/** A server's refusal as the API sends it: the catalogue's code and the player's message. */
export const refusal = (status: number, code: string, message: string) => ({
  status,
  body: { code, message },
});

/**
 * happy-dom plays no CSS animation, so a toast on its way out (dismissed: a form's new list of
 * messages replaces the last) would wait for ever for the end of its exit: end it, as a browser
 * does once the exit has played.
 */
export function endToastExits() {
  for (const toast of document.querySelectorAll('.Toastify__toast[data-in="false"]')) {
    fireEvent.animationEnd(toast);
  }
}
