import { GENERIC_ERROR_MESSAGE, roomsResponseSchema } from '@ruthless/protocol';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { useSessionStore } from '@/stores/session-store';
import { api, ApiError, errorMessage, toApiError, UNREADABLE_RESPONSE_CODE } from './api-client';

const json = (body: unknown, status: number) =>
  new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });

describe('toApiError', () => {
  it('shows the catalogue text for a catalogue code, whatever the server wrote', async () => {
    const error = await toApiError(json({ code: 'auth/wrong-password', message: 'Invalid password' }, 401));
    expect(error).toBeInstanceOf(ApiError);
    expect(error.message).toBe('Incorrect password. Please try again.');
    expect(error.status).toBe(401);
    expect(error.code).toBe('auth/wrong-password');
  });

  it("shows the server's message for any other code, with the field at fault", async () => {
    const error = await toApiError(
      json(
        {
          statusCode: 400,
          code: 'request/invalid',
          message: 'gameUuid must be a valid id',
          field: 'gameUuid',
        },
        400,
      ),
    );
    expect(error.message).toBe('gameUuid must be a valid id');
    expect(error.code).toBe('request/invalid');
    expect(error.field).toBe('gameUuid');
    expect(error.status).toBe(400);
  });

  it.each(['', 'constructor'])(
    "a code that is no catalogue entry (%j) shows the server's message",
    async (code) => {
      const error = await toApiError(json({ code, message: 'This game does not exist.' }, 404));
      expect(error.message).toBe('This game does not exist.');
    },
  );

  it('falls back to the generic message for a body that is not JSON', async () => {
    const error = await toApiError(new Response('<html><h1>502 Bad Gateway</h1></html>', { status: 502 }));
    expect(error.message).toBe(GENERIC_ERROR_MESSAGE);
    expect(error.status).toBe(502);
    expect(error.code).toBeUndefined();
    expect(error.field).toBeUndefined();
  });

  it.each([
    ['an empty body', ''],
    ['an empty message', JSON.stringify({ code: 'request/invalid', message: '' })],
    ['fields of the wrong type', JSON.stringify({ code: 42, message: { text: 'no' }, field: 7 })],
    ['a JSON array', '[]'],
  ])('falls back to the generic message for %s', async (_case, body) => {
    const error = await toApiError(new Response(body, { status: 500 }));
    expect(error.message).toBe(GENERIC_ERROR_MESSAGE);
    expect(error.field).toBeUndefined();
  });

  it('errorMessage reads any thrown value', () => {
    expect(errorMessage(new ApiError('Sorry, this game is sold out.', { status: 409 }))).toBe(
      'Sorry, this game is sold out.',
    );
    expect(errorMessage(new Error('Error resuming audio context.'))).toBe('Error resuming audio context.');
    expect(errorMessage('boom')).toBe(GENERIC_ERROR_MESSAGE);
  });
});

describe('api', () => {
  interface Call {
    url: string;
    init: RequestInit;
  }
  let calls: Call[];
  let answer: () => Response | Promise<Response>;

  beforeEach(() => {
    calls = [];
    answer = () => json([], 200);
    // A tiny stand-in for the network: records each call and answers with `answer`.
    vi.stubGlobal('fetch', async (url: string, init: RequestInit) => {
      calls.push({ url, init });
      return answer();
    });
  });

  afterEach(() => {
    vi.unstubAllGlobals();
    useSessionStore.getState().reset();
  });

  it('get sends the token unprefixed and builds the query, leaving out undefined values', async () => {
    useSessionStore.getState().setAccessToken('eyJ.token.sig');
    answer = () => json([{ roomUuid: 'r1' }], 200);
    const rooms = await api.get('/rooms', {
      query: { operator: 'enlivon', unFinishedGames: true, page: undefined, limit: 5 },
    });
    expect(rooms).toEqual([{ roomUuid: 'r1' }]);
    expect(calls).toHaveLength(1);
    const [{ url, init }] = calls as [Call];
    expect(url).toBe('/api/rooms?operator=enlivon&unFinishedGames=true&limit=5');
    expect(init.method).toBe('GET');
    expect(init.body).toBeUndefined();
    expect(init.credentials).toBe('include');
    const headers = init.headers as Record<string, string>;
    expect(headers.Authorization).toBe('eyJ.token.sig');
    expect(headers.Accept).toBe('application/json');
    expect(headers['Content-Type']).toBeUndefined();
  });

  it('get without a token sends no Authorization, and a query of only undefined values adds no "?"', async () => {
    await api.get('games/g1/results', { query: { after: undefined } });
    const [{ url, init }] = calls as [Call];
    expect(url).toBe('/api/games/g1/results');
    expect((init.headers as Record<string, string>).Authorization).toBeUndefined();
  });

  it('encodes query values', async () => {
    await api.get('/search', { query: { q: 'share & steal?', n: 0, flag: false } });
    expect(calls[0]!.url).toBe('/api/search?q=share+%26+steal%3F&n=0&flag=false');
  });

  it('post sends JSON', async () => {
    answer = () => json({ created: true }, 200);
    expect(await api.post('/claim-ticket', { gameUuid: 'g', roomUuid: 'r' })).toEqual({ created: true });
    const [{ init }] = calls as [Call];
    expect(init.method).toBe('POST');
    expect(init.body).toBe('{"gameUuid":"g","roomUuid":"r"}');
    expect((init.headers as Record<string, string>)['Content-Type']).toBe('application/json');
  });

  it('an empty reply is undefined', async () => {
    answer = () => new Response(null, { status: 204 });
    expect(await api.delete('/session')).toBeUndefined();
  });

  it('a refused call throws an ApiError with the text to show', async () => {
    answer = () =>
      json({ statusCode: 409, code: 'ticket/sold-out', message: 'Sorry, this game is sold out.' }, 409);
    const error = await api.post('/claim-ticket', {}).catch((thrown: unknown) => thrown);
    expect(error).toBeInstanceOf(ApiError);
    expect(error).toMatchObject({
      status: 409,
      code: 'ticket/sold-out',
      message: 'Sorry, this game is sold out.',
    });
  });

  it('a network failure throws the generic message', async () => {
    answer = () => Promise.reject(new TypeError('fetch failed'));
    const error = await api.get('/rooms').catch((thrown: unknown) => thrown);
    expect(error).toBeInstanceOf(ApiError);
    expect(error).toMatchObject({ status: 0, code: 'network', message: GENERIC_ERROR_MESSAGE });
  });

  it('an aborted call rethrows the abort, not an ApiError', async () => {
    answer = () => Promise.reject(new DOMException('The operation was aborted.', 'AbortError'));
    const error = await api.get('/rooms').catch((thrown: unknown) => thrown);
    expect(error).toBeInstanceOf(DOMException);
    expect((error as DOMException).name).toBe('AbortError');
  });
  describe("reading the answer with the endpoint's schema", () => {
    const room = {
      roomUuid: '6f1c2a4e-8a55-4c1e-9a57-3d4a0b8f2c11',
      name: 'Ruby Rush',
      roomImage: '/rooms/ruby.webp',
      theme: 'RED',
      serverTime: '2026-11-23T18:00:00.000Z',
      games: [],
      rolloverPence: 0,
    };
    let logged: unknown[][];

    beforeEach(() => {
      logged = [];
      vi.spyOn(console, 'error').mockImplementation((...args: unknown[]) => void logged.push(args));
    });

    afterEach(() => {
      vi.restoreAllMocks();
    });

    it('a good answer comes back parsed and typed', async () => {
      answer = () => json([room], 200);
      const rooms = await api.get('/rooms', { schema: roomsResponseSchema });
      expect(rooms).toEqual([room]);
      expect(rooms[0]!.theme).toBe('RED');
      expect(logged).toEqual([]);
    });

    it('a schema can load beside the request (a route that does not bundle it up front)', async () => {
      answer = () => json([room], 200);
      const rooms = await api.get('/rooms', { schema: () => Promise.resolve(roomsResponseSchema) });
      expect(rooms).toEqual([room]);
    });

    it('an answer of another shape is an ApiError naming the endpoint and the field, showing the generic message', async () => {
      answer = () => json([{ ...room, theme: 'PURPLE', games: undefined }], 200);
      const error = await api
        .get('/rooms', { schema: roomsResponseSchema })
        .catch((thrown: unknown) => thrown);
      expect(error).toBeInstanceOf(ApiError);
      const apiError = error as ApiError;
      expect(apiError.message).toBe(GENERIC_ERROR_MESSAGE);
      expect(apiError.code).toBe(UNREADABLE_RESPONSE_CODE);
      expect(apiError.status).toBe(200);
      expect(apiError.detail).toMatch(/^GET \/rooms answered 200 with a body not of the expected shape/);
      expect(apiError.detail).toContain('0.theme');
      expect(apiError.detail).toContain('0.games');
      expect(errorMessage(error)).toBe(GENERIC_ERROR_MESSAGE);
      expect(logged).toHaveLength(1);
    });

    it('a body that is not JSON is an ApiError too, not a crash', async () => {
      answer = () => new Response('<html>upstream timed out</html>', { status: 200 });
      const error = await api
        .get('/rooms', { schema: roomsResponseSchema })
        .catch((thrown: unknown) => thrown);
      expect(error).toBeInstanceOf(ApiError);
      expect(error).toMatchObject({ code: UNREADABLE_RESPONSE_CODE, message: GENERIC_ERROR_MESSAGE });
      expect((error as ApiError).detail).toBe('GET /rooms answered 200 with a body that is not JSON');
    });

    it('an empty answer where the schema wants a body is refused', async () => {
      answer = () => new Response(null, { status: 204 });
      const error = await api
        .get('/rooms', { schema: roomsResponseSchema })
        .catch((thrown: unknown) => thrown);
      expect(error).toMatchObject({ code: UNREADABLE_RESPONSE_CODE, status: 204 });
    });
  });
});
