import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MARKETING_CONSENT_WORDING, type MarketingConsent } from '@ruthless/protocol';
import { registeredPlayer } from '../support/http';
import { api } from '../support/live';
import { startShow, type Show } from '../support/show';
import { csvField } from '../../src/safety/marketing.service';

// Marketing consent (docs/player-app.md, "Marketing emails"): the details form's checkbox is kept
// with its time and words, the profile shows it and changes it, and the hosts' CSV lists only
// the players whose consent is in force.

let show: Show;
let base: string;

beforeAll(async () => {
  show = await startShow({
    host: 'host@ruthless.test',
    room: { name: 'Consent Room', theme: 'GOLD', roomImage: '/rooms/gold-rush.svg' },
  });
  base = show.server.url;
});

afterAll(async () => {
  await show?.server.close();
});

async function withDetailsForm(alias: string, marketingAccepted: boolean) {
  const player = await registeredPlayer(base, `${alias.toLowerCase()}@ruthless.test`);
  const saved = await api(base, 'PUT', '/api/operator/user/details', player.token, {
    ruthlessChoice: 'share',
    alias,
    phoneNumber: '07911 123456',
    dobDay: 1,
    dobMonth: 2,
    dobYear: 1990,
    marketingAccepted,
  });
  expect(saved.status).toBe(200);
  return player;
}

const consentOf = async (token: string) => {
  const response = await api(base, 'GET', '/api/safety/marketing', token);
  expect(response.status).toBe(200);
  return response.body as unknown as MarketingConsent;
};

const exportCsv = async (token: string | null = show.hostToken) =>
  fetch(`${base}/api/host/safety/marketing.csv`, { headers: token ? { authorization: token } : {} });

describe('marketing consent', () => {
  it('keeps the choice with its time and words; the CSV lists only those who gave it', async () => {
    const started = Date.now();
    const ann = await withDetailsForm('Ann', true);
    const bob = await withDetailsForm('Bob', false);
    const cat = await withDetailsForm('Cat', true);

    const annConsent = await consentOf(ann.token);
    expect(annConsent).toMatchObject({ given: true, wording: MARKETING_CONSENT_WORDING });
    expect(new Date(annConsent.at!).getTime()).toBeGreaterThanOrEqual(started - 1000);
    expect(await consentOf(bob.token)).toMatchObject({ given: false, wording: MARKETING_CONSENT_WORDING });

    // Cat withdraws it from the profile; Bob gives it.
    expect(await api(base, 'PUT', '/api/safety/marketing', cat.token, { given: false })).toMatchObject({
      status: 200,
      body: { given: false },
    });
    expect((await api(base, 'PUT', '/api/safety/marketing', bob.token, { given: true })).status).toBe(200);
    // The profile's settings follow.
    expect((await api(base, 'GET', '/api/operator/user', cat.token)).body).toMatchObject({
      marketingAccepted: false,
    });

    const response = await exportCsv();
    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toContain('text/csv');
    expect(response.headers.get('content-disposition')).toContain('ruthless-marketing-consent.csv');
    const csv = await response.text();
    const lines = csv.trimEnd().split('\r\n');
    expect(lines[0]).toBe('email,first_name,last_name,chat_name,consented_at,wording');
    expect(lines.slice(1).map((line) => line.split(',')[0])).toEqual([
      'ann@ruthless.test',
      'bob@ruthless.test',
    ]);
    expect(csv).toContain(`,${MARKETING_CONSENT_WORDING}\r\n`);
    expect(csv).not.toContain('cat@ruthless.test');

    // Given again, Cat is listed again, after the others.
    expect((await api(base, 'PUT', '/api/safety/marketing', cat.token, { given: true })).status).toBe(200);
    const again = (await (await exportCsv()).text()).trimEnd().split('\r\n');
    expect(again.slice(1).map((line) => line.split(',')[0])).toEqual([
      'ann@ruthless.test',
      'bob@ruthless.test',
      'cat@ruthless.test',
    ]);
  });

  it('writes fields a spreadsheet would run as formulas as text, and quotes commas and quotes', () => {
    expect(csvField('=HYPERLINK("x")')).toBe(`"'=HYPERLINK(""x"")"`);
    expect(csvField('+44')).toBe("'+44");
    expect(csvField('@home')).toBe("'@home");
    expect(csvField('Smith, Jo')).toBe('"Smith, Jo"');
    expect(csvField('Ann')).toBe('Ann');
  });

  it('checks who calls and what they send', async () => {
    const dan = await withDetailsForm('Dan', false);
    expect((await api(base, 'PUT', '/api/safety/marketing', dan.token, { given: 'yes' })).status).toBe(400);
    expect(
      (await api(base, 'PUT', '/api/safety/marketing', dan.token, { given: true, at: 'x' })).status,
    ).toBe(400);
    expect((await api(base, 'PUT', '/api/safety/marketing', null, { given: true })).status).toBe(401);
    expect((await api(base, 'GET', '/api/safety/marketing', null)).status).toBe(401);
    expect((await exportCsv(dan.token)).status).toBe(403);
    expect((await exportCsv(null)).status).toBe(401);
    expect(await consentOf(dan.token)).toMatchObject({ given: false });
  });
});
