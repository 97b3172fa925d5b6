import { authClient } from '@/lib/auth-client';
import {
  identityClaimsSchema,
  OPERATOR,
  userSettingsSchema,
  type IdentityClaims,
  type UserSettings,
} from '@ruthless/protocol';
import { fireEvent, waitFor, within } from '@testing-library/react';
import { expect } from 'vitest';
import { json, type ApiHandler } from './app';

/**
 * The accounts' side of the component tests (the auth area): identity tokens as the server mints
 * them, Better Auth's and the operator's answers as the server gives them, and the toasts a
 * player reads. Use with `serveApi` (./app.tsx).
 */

export const PLAYER_UUID = '0b7f4c2e-1d7a-4a52-9a1e-5b8d1f0c2a11';
export const PLAYER_EMAIL = 'ada@example.com';

/** An identity token as `GET /api/auth/token` mints it (the signature is not read by the app). */
export function identityToken(claims: Partial<IdentityClaims> = {}, { operator = true } = {}): string {
  const now = Math.floor(Date.now() / 1000);
  const payload = identityClaimsSchema.parse({
    sub: PLAYER_UUID,
    name: 'Ada Lovelace',
    email: PLAYER_EMAIL,
    ...(operator ? { operator: OPERATOR } : {}),
    iat: now,
    exp: now + 15 * 60,
    iss: 'http://localhost',
    aud: 'http://localhost',
    ...claims,
  });
  const part = (value: unknown) => Buffer.from(JSON.stringify(value)).toString('base64url');
  return `${part({ alg: 'EdDSA', typ: 'JWT' })}.${part(payload)}.c2lnbmF0dXJl`;
}

/** Better Auth's `GET /api/auth/get-session` for a signed-in browser. */
export function sessionBody(userId = PLAYER_UUID, email = PLAYER_EMAIL) {
  const at = new Date().toISOString();
  return {
    session: {
      id: 'session-1',
      userId,
      token: 'session-token',
      expiresAt: new Date(Date.now() + 7 * 24 * 3600_000).toISOString(),
      createdAt: at,
      updatedAt: at,
    },
    user: {
      id: userId,
      email,
      name: 'Ada Lovelace',
      emailVerified: false,
      createdAt: at,
      updatedAt: at,
    },
  };
}

/**
 * Forgets the session Better Auth's client holds from an earlier test (it trusts an answer for a
 * second): the next screen that reads it asks `GET /api/auth/get-session` again. Call it once the
 * test's `serveApi` answers.
 */
export function forgetAuthSession(): void {
  authClient.$store.notify('$sessionSignal');
  const session = authClient.$store.atoms.session!;
  const current = session.get() as Record<string, unknown>;
  session.set({ ...current, data: null, error: null, isPending: true, isRefetching: false });
}

/** Better Auth's `GET /api/auth/get-session` for a signed-out browser: a JSON null. */
export const noSession = () => json(null);

/** An error of the accounts' API, as the server answers it (apps/server/test/auth). */
export const authError = (status: number, code: string, message: string): ReturnType<ApiHandler> => ({
  status,
  body: { statusCode: status, code, message },
});

/** The settings of a complete player, or of one with nothing filled in yet (`empty`). */
export function userSettings(overrides: Partial<UserSettings> = {}, { empty = false } = {}): UserSettings {
  return userSettingsSchema.parse({
    ...(empty
      ? {
          alias: null,
          phoneNumber: null,
          defaultChoice: null,
          dobDay: null,
          dobMonth: null,
          dobYear: null,
          marketingAccepted: null,
        }
      : {
          alias: 'ada',
          phoneNumber: '+447911123456',
          defaultChoice: 'share',
          dobDay: 10,
          dobMonth: 12,
          dobYear: 1990,
          marketingAccepted: false,
        }),
    ...overrides,
  });
}

/** The toasts on screen, without those on their way out (happy-dom plays no exit animation). */
function shownToasts(): HTMLElement[] {
  const toasts = [...document.querySelectorAll<HTMLElement>('.Toastify__toast')];
  for (const toast of toasts.filter((element) => element.dataset.in === 'false')) {
    // What the browser does at the end of the exit animation: the toast collapses and goes.
    fireEvent.animationEnd(toast);
  }
  return toasts.filter((element) => element.dataset.in !== 'false');
}

/** The toast that reads `text` (its whole text), once it shows. */
export async function findToast(text: string | RegExp): Promise<HTMLElement> {
  return waitFor(
    () => {
      const toast = shownToasts().find((element) =>
        typeof text === 'string' ? element.textContent === text : text.test(element.textContent ?? ''),
      );
      if (!toast) {
        const shown = shownToasts().map((element) => element.textContent);
        throw new Error(`No toast reads ${String(text)}; on screen: ${JSON.stringify(shown)}`);
      }
      return toast;
    },
    { timeout: 10_000 },
  );
}

/** The messages of the one bulleted 'Form errors' toast on screen, once it lists exactly `messages`. */
export async function expectFormErrors(messages: string[]): Promise<void> {
  await waitFor(
    () => {
      const lists = shownToasts().flatMap((toast) =>
        within(toast).queryAllByRole('list', { name: 'Form errors' }),
      );
      // One toast of form errors at a time: the previous one goes when a new one comes.
      expect(lists).toHaveLength(1);
      expect(
        within(lists[0]!)
          .getAllByRole('listitem')
          .map((item) => item.textContent),
      ).toEqual(messages);
    },
    { timeout: 10_000 },
  );
}
