import { expect, type Browser, type Page } from '@playwright/test';
import { HOST_EMAIL, HOST_PASSWORD } from './lobby-host';
import { claimsOf, identityToken, postJson, uniqueAddress } from './lobby-players';

/** The host console's size: a laptop. */
export const LAPTOP = { viewport: { width: 1366, height: 768 }, isMobile: false, hasTouch: false };

/** A laptop browser signed in as the host, registered and with details, so the app lets it in. */
export async function hostDesk(browser: Browser): Promise<Page> {
  const context = await browser.newContext(LAPTOP);
  const page = await context.newPage();
  const address = uniqueAddress();
  const headers = { 'x-forwarded-for': address };
  const signIn = await postJson(
    page.request,
    '/api/auth/sign-in/email',
    { email: HOST_EMAIL, password: HOST_PASSWORD },
    headers,
  );
  expect(signIn.status(), await signIn.text()).toBe(200);
  let token = await identityToken(page.request, address);
  if (!claimsOf(token).operator) {
    const register = await postJson(
      page.request,
      '/api/operator/auth',
      { email: HOST_EMAIL, firstName: 'Show', lastName: 'Host', operator: 'enlivon' },
      { ...headers, authorization: token },
    );
    expect(register.status(), await register.text()).toBe(200);
    token = await identityToken(page.request, address);
  }
  expect(claimsOf(token)).toMatchObject({ operator: 'enlivon', role: 'host' });
  const details = await page.request.put('/api/operator/user/details', {
    headers: { ...headers, authorization: token },
    data: {
      ruthlessChoice: 'share',
      alias: 'ShowHost',
      phoneNumber: '+447911123456',
      dobDay: 1,
      dobMonth: 1,
      dobYear: 1980,
      marketingAccepted: false,
    },
  });
  expect(details.status(), await details.text()).toBe(200);
  return page;
}
