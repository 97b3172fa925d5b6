import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestApp, type TestApp } from '../../support/test-app';
import { registeredPlayer } from '../../support/http';
import { playerProfiles } from '../../../src/db/schema';

let server: TestApp;
let token: string;
let otherToken: string;

const VALID_DETAILS = {
  ruthlessChoice: 'share',
  alias: 'Alice',
  phoneNumber: '07911 123456',
  dobDay: '5',
  dobMonth: '11',
  dobYear: '1990',
  marketingAccepted: true,
};

beforeAll(async () => {
  server = await startTestApp(
    {},
    { reachablePublicUrl: true, accounts: { rateLimitPrefix: `test:${process.pid}:${Date.now()}:` } },
  );
  token = (await registeredPlayer(server.url, 'alice@example.com')).token;
  otherToken = (await registeredPlayer(server.url, 'bob@example.com')).token;
});

afterAll(async () => {
  await server?.close();
});

function call(method: string, path: string, body: unknown, authorization = token) {
  return fetch(`${server.url}${path}`, {
    method,
    headers: { authorization, 'content-type': 'application/json' },
    body: typeof body === 'string' ? body : JSON.stringify(body),
  });
}

async function expectError(response: Response, status: number, message: string | RegExp, field?: string) {
  expect(response.status).toBe(status);
  expect(response.headers.get('content-type')).toContain('application/json');
  const body = (await response.json()) as { message: string; field?: string; statusCode: number };
  if (typeof message === 'string') expect(body.message).toBe(message);
  else expect(body.message).toMatch(message);
  expect(body.statusCode).toBe(status);
  if (field !== undefined) expect(body.field).toBe(field);
}

describe('PUT /api/operator/user/details (the mandatory details form)', () => {
  it('saves the details, with the phone number in E.164', async () => {
    const response = await call('PUT', '/api/operator/user/details', VALID_DETAILS);
    expect(response.status).toBe(200);
    const expected = {
      alias: 'Alice',
      phoneNumber: '+447911123456',
      defaultChoice: 'share',
      dobDay: 5,
      dobMonth: 11,
      dobYear: 1990,
      marketingAccepted: true,
    };
    expect(await response.json()).toEqual(expected);
    const read = await fetch(`${server.url}/api/operator/user`, { headers: { authorization: token } });
    expect(await read.json()).toEqual(expected);
  });

  const eighteenYearsAgo = new Date();
  const underage = {
    dobDay: String(eighteenYearsAgo.getUTCDate()),
    dobMonth: String(eighteenYearsAgo.getUTCMonth() + 1),
    dobYear: String(eighteenYearsAgo.getUTCFullYear() - 17),
  };

  it.each<[string, Record<string, unknown>, string | RegExp, string | undefined]>([
    ['empty alias', { alias: '' }, 'Chat name cannot be empty', 'alias'],
    ['missing alias', { alias: undefined }, 'Chat name cannot be empty', 'alias'],
    ['short alias', { alias: 'ab' }, 'Minimum allowed characters is 3.', 'alias'],
    ['long alias', { alias: 'abcdefghijk' }, 'Maximum allowed characters is 10.', 'alias'],
    ['alias as a number', { alias: 12345 }, 'Chat name cannot be empty', 'alias'],
    ['empty phone', { phoneNumber: '' }, 'You need to provide valid phone number', 'phoneNumber'],
    ['bad phone', { phoneNumber: '12345' }, 'You need to provide valid phone number', 'phoneNumber'],
    [
      'oversized phone',
      { phoneNumber: '0'.repeat(5000) },
      'You need to provide valid phone number',
      'phoneNumber',
    ],
    ['missing day', { dobDay: '' }, 'Day is required', 'dobDay'],
    ['day zero', { dobDay: '0' }, 'Day must be at least 1', 'dobDay'],
    ['day 32', { dobDay: '32' }, 'Day cannot be more than 31', 'dobDay'],
    ['day not digits', { dobDay: '1a' }, 'Please enter a valid day number', 'dobDay'],
    ['day as a boolean', { dobDay: true }, 'Please enter a valid day number', 'dobDay'],
    ['missing month', { dobMonth: undefined }, 'Month is required', 'dobMonth'],
    ['month 13', { dobMonth: 13 }, 'Month cannot be more than 12', 'dobMonth'],
    ['month zero', { dobMonth: '0' }, 'Month must be at least 1', 'dobMonth'],
    ['month not digits', { dobMonth: 'May' }, 'Please enter a valid month number', 'dobMonth'],
    ['missing year', { dobYear: '' }, 'Year is required', 'dobYear'],
    ['year 1899', { dobYear: '1899' }, 'Year must be at least 1900', 'dobYear'],
    ['year 2101', { dobYear: '2101' }, 'Year cannot be more than 2100', 'dobYear'],
    ['year not digits', { dobYear: '19x0' }, 'Please enter a valid year number', 'dobYear'],
    ['31 February', { dobDay: '31', dobMonth: '2' }, 'Please enter a valid date of birth.', 'dobDay'],
    ['under 18', underage, 'You must be 18 or over to play.', 'dobYear'],
    [
      'no choice',
      { ruthlessChoice: undefined },
      'Please choose your default ruthless choice',
      'ruthlessChoice',
    ],
    [
      'bad choice',
      { ruthlessChoice: 'split' },
      'Please choose your default ruthless choice',
      'ruthlessChoice',
    ],
    ['marketing as a string', { marketingAccepted: 'yes' }, /marketingAccepted/, 'marketingAccepted'],
    ['unknown field', { isAdmin: true }, /Unrecognized key.*isAdmin/, undefined],
  ])('refuses %s', async (_name, change, message, field) => {
    const response = await call('PUT', '/api/operator/user/details', { ...VALID_DETAILS, ...change });
    await expectError(response, 400, message, field);
  });

  it('accepts someone who turned 18 today', async () => {
    const today = new Date();
    const response = await call('PUT', '/api/operator/user/details', {
      ...VALID_DETAILS,
      dobDay: today.getUTCDate(),
      dobMonth: today.getUTCMonth() + 1,
      dobYear: today.getUTCFullYear() - 18,
    });
    expect(response.status).toBe(200);
  });

  it('refuses a body that is not an object, or malformed JSON', async () => {
    await expectError(await call('PUT', '/api/operator/user/details', '[1]'), 400, /expected object/);
    await expectError(await call('PUT', '/api/operator/user/details', '{"alias":'), 400, /JSON/i);
  });
});

describe('PATCH /api/operator/user (the profile edit modal)', () => {
  it('updates alias, phone and default choice', async () => {
    const response = await call('PATCH', '/api/operator/user', {
      alias: 'Ally',
      phoneNumber: '+44 7911 123456',
      ruthlessChoice: 'steal',
    });
    expect(response.status).toBe(200);
    expect(await response.json()).toMatchObject({
      alias: 'Ally',
      phoneNumber: '+447911123456',
      defaultChoice: 'steal',
      // The date of birth is left as the details form saved it.
      dobMonth: new Date().getUTCMonth() + 1,
    });
  });

  it.each<[string, Record<string, unknown>, string | RegExp, string | undefined]>([
    ['empty alias', { alias: '  ' }, 'Display name cannot be empty', 'alias'],
    ['long alias', { alias: 'x'.repeat(11) }, 'Maximum allowed characters is 10.', 'alias'],
    ['bad phone', { phoneNumber: 'call me' }, 'You need to provide valid phone number', 'phoneNumber'],
    [
      'phone as a number',
      { phoneNumber: 447911123456 },
      'You need to provide valid phone number',
      'phoneNumber',
    ],
    ['no choice', { ruthlessChoice: null }, 'Please choose your default ruthless choice', 'ruthlessChoice'],
    ['unknown field', { dobYear: 1990 }, /Unrecognized key.*dobYear/, undefined],
  ])('refuses %s', async (_name, change, message, field) => {
    const response = await call('PATCH', '/api/operator/user', {
      alias: 'Ally',
      phoneNumber: '07911 123456',
      ruthlessChoice: 'share',
      ...change,
    });
    await expectError(response, 400, message, field);
  });

  it('keeps chat names unique per operator whatever their case', async () => {
    const taken = await call(
      'PATCH',
      '/api/operator/user',
      { alias: 'ALLY', phoneNumber: '07911 111111', ruthlessChoice: 'share' },
      otherToken,
    );
    await expectError(taken, 409, 'That chat name is already taken. Please choose another.', 'alias');
    const details = await call(
      'PUT',
      '/api/operator/user/details',
      { ...VALID_DETAILS, alias: 'ally' },
      otherToken,
    );
    expect(details.status).toBe(409);
    // The owner may change the case of their own name.
    const own = await call('PATCH', '/api/operator/user', {
      alias: 'ALLY',
      phoneNumber: '07911 123456',
      ruthlessChoice: 'share',
    });
    expect(own.status).toBe(200);
  });

  it('refuses a name that looks like a taken one (TR39 skeleton)', async () => {
    const bob = { ...VALID_DETAILS, alias: 'Bob8699', phoneNumber: '07911 123458' };
    expect((await call('PUT', '/api/operator/user/details', bob, otherToken)).status).toBe(200);
    const third = `Bearer ${(await registeredPlayer(server.url, 'carol@example.com')).token}`;
    // Cyrillic о, fullwidth Ｂ, a zero for the o, a 1 for the l, and a mix of the lot.
    for (const alias of ['Bоb8699', 'Ｂob8699', 'B0b8699', 'bob8699', 'A1LY', 'ΑLLY']) {
      const response = await call('PUT', '/api/operator/user/details', { ...VALID_DETAILS, alias }, third);
      await expectError(response, 409, 'That chat name is already taken. Please choose another.', 'alias');
    }
    const own = await call('PUT', '/api/operator/user/details', { ...VALID_DETAILS, alias: 'Carol' }, third);
    expect(own.status).toBe(200);
  });

  it('refuses the look-alikes TR39 alone lets through (issue 40)', async () => {
    const erin = `Bearer ${(await registeredPlayer(server.url, 'erin@example.com')).token}`;
    const taken = { ...VALID_DETAILS, alias: 'Tobywin', phoneNumber: '07911 123459' };
    expect((await call('PUT', '/api/operator/user/details', taken, erin)).status).toBe(200);
    const frank = `Bearer ${(await registeredPlayer(server.url, 'frank@example.com')).token}`;
    for (const alias of [
      'Tóbywin', // an accent
      'T\u0338obywin', // an overlay
      'To\u200Abywin', // a hair space inside
      'Toby\u2800win', // the braille blank inside
      'ᴛᴏʙʏwin', // small capitals
      'тobywin', // Cyrillic т, which TR39 makes a small capital
      'Tobyvvin', // vv for w
      'Τοbуwіn', // Greek Τ and ο, Cyrillic у and і
    ]) {
      const response = await call('PUT', '/api/operator/user/details', { ...VALID_DETAILS, alias }, frank);
      await expectError(response, 409, 'That chat name is already taken. Please choose another.', 'alias');
    }
    const own = await call('PUT', '/api/operator/user/details', { ...VALID_DETAILS, alias: 'Tobias' }, frank);
    expect(own.status).toBe(200);
  });

  it('refuses names with no visible letter or digit', async () => {
    for (const alias of ['\u3164\u3164\u3164', '\u2800\u2800\u2800', '\uFFA0\uFFA0\uFFA0', '...']) {
      const response = await call('PUT', '/api/operator/user/details', { ...VALID_DETAILS, alias });
      await expectError(response, 400, 'The chat name must contain a letter or a digit.', 'alias');
    }
  });

  it("reserves the staff's words in any case or look-alike spelling", async () => {
    for (const alias of ['Host', 'HOST', 'host', 'H0st', 'Host1', 'Admin', 'ADMIN', 'Ruthless', 'RUTHLESS']) {
      const response = await call('PUT', '/api/operator/user/details', { ...VALID_DETAILS, alias });
      expect(response.status, alias).toBe(400);
      await expectError(
        response,
        400,
        'That chat name is reserved for the show. Please choose another.',
        'alias',
      );
    }
    const ghost = await call('PUT', '/api/operator/user/details', { ...VALID_DETAILS, alias: 'Ghost' });
    expect(ghost.status).toBe(200);
  });

  it('keeps a name given before these rules working, look-alike or reserved', async () => {
    const db = server.app.database.db;
    const dave = await registeredPlayer(server.url, 'dave@example.com');
    const daveToken = `Bearer ${dave.token}`;
    // Saved before the rules: a staff word, with no skeleton kept.
    await db
      .update(playerProfiles)
      .set({ alias: 'Admin', aliasSkeleton: null })
      .where(eq(playerProfiles.userId, dave.userId));
    const edit = await call(
      'PATCH',
      '/api/operator/user',
      { alias: 'Admin', phoneNumber: '07911 123457', ruthlessChoice: 'steal' },
      daveToken,
    );
    expect(edit.status).toBe(200);
    expect(await edit.json()).toMatchObject({ alias: 'Admin', phoneNumber: '+447911123457' });
  });
});

describe('guards', () => {
  it('refuses every settings call without a valid token', async () => {
    for (const [method, path] of [
      ['GET', '/api/operator/user'],
      ['PATCH', '/api/operator/user'],
      ['PUT', '/api/operator/user/details'],
    ] as const) {
      const response = await call(method, path, method === 'GET' ? undefined : VALID_DETAILS, 'Bearer x.y.z');
      await expectError(response, 401, /authorization/, 'authorization');
    }
  });
});
