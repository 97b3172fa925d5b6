import { request as httpRequest } from 'node:http';

/**
 * A small HTTP client for tests: keeps cookies per host (like a browser would), follows no
 * redirects on its own, and sends JSON.
 */
export class Browser {
  private readonly jar = new Map<string, Map<string, string>>();

  constructor(private readonly base = '') {}

  cookies(url: string): Map<string, string> {
    const host = new URL(url, this.base || undefined).host;
    let cookies = this.jar.get(host);
    if (!cookies) this.jar.set(host, (cookies = new Map()));
    return cookies;
  }

  async request(
    method: string,
    path: string,
    options: { json?: unknown; form?: Record<string, string>; headers?: Record<string, string> } = {},
  ): Promise<Response> {
    const url = new URL(path, this.base || undefined).toString();
    // Like a browser, every post names the page's origin (Better Auth checks it against cookies).
    const headers: Record<string, string> = {
      ...(method === 'GET' ? {} : { origin: new URL(url).origin }),
      ...options.headers,
    };
    const cookies = this.cookies(url);
    if (cookies.size) headers.cookie = [...cookies].map(([name, value]) => `${name}=${value}`).join('; ');
    let body: string | undefined;
    if (options.json !== undefined) {
      headers['content-type'] = 'application/json';
      body = typeof options.json === 'string' ? options.json : JSON.stringify(options.json);
    } else if (options.form) {
      headers['content-type'] = 'application/x-www-form-urlencoded';
      body = new URLSearchParams(options.form).toString();
    }
    const response = await fetch(url, { method, headers, body, redirect: 'manual' });
    for (const cookie of response.headers.getSetCookie()) {
      const [pair, ...attributes] = cookie.split(';');
      const index = pair!.indexOf('=');
      const name = pair!.slice(0, index).trim();
      const value = pair!.slice(index + 1).trim();
      const expired = attributes.some((attribute) => /^\s*max-age=0\s*$/i.test(attribute));
      if (expired || value === '') cookies.delete(name);
      else cookies.set(name, value);
    }
    return response;
  }

  get(path: string, headers?: Record<string, string>) {
    return this.request('GET', path, { headers });
  }

  post(path: string, json?: unknown, headers?: Record<string, string>) {
    return this.request('POST', path, { json, headers });
  }

  /** Follows redirects (GET), carrying cookies across hosts; returns the last response. */
  async follow(location: string, maxHops = 20): Promise<{ response: Response; url: string }> {
    let url = location;
    for (let hop = 0; hop < maxHops; hop++) {
      const response = await this.get(url);
      const next = response.headers.get('location');
      if (!next || response.status < 300 || response.status >= 400) return { response, url };
      url = new URL(next, url).toString();
    }
    throw new Error(`too many redirects from ${location}`);
  }
}

/** Signs up a new player and returns their browser (with the session cookie) and identity token. */
export async function signUp(
  base: string,
  email: string,
  password = 'secret-pass-1',
  name = 'Test Player',
): Promise<{ browser: Browser; token: string; userId: string }> {
  const browser = new Browser(base);
  const response = await browser.post('/api/auth/sign-up/email', { email, password, name });
  if (response.status !== 200) throw new Error(`sign-up failed: ${response.status} ${await response.text()}`);
  const { user } = (await response.json()) as { user: { id: string } };
  return { browser, token: await identityToken(browser), userId: user.id };
}

export async function identityToken(browser: Browser): Promise<string> {
  const response = await browser.get('/api/auth/token');
  if (response.status !== 200) throw new Error(`token failed: ${response.status} ${await response.text()}`);
  return ((await response.json()) as { token: string }).token;
}

/** Signs up and registers with the operator; the token returned carries the operator claim. */
export async function registeredPlayer(base: string, email: string) {
  const player = await signUp(base, email);
  const response = await player.browser.post(
    '/api/operator/auth',
    { email, firstName: 'Test', lastName: 'Player', operator: 'enlivon' },
    { authorization: `Bearer ${player.token}` },
  );
  if (response.status !== 200)
    throw new Error(`operator/auth failed: ${response.status} ${await response.text()}`);
  return { ...player, token: await identityToken(player.browser) };
}

export function decodeJwt(token: string): Record<string, unknown> {
  return JSON.parse(Buffer.from(token.split('.')[1]!, 'base64url').toString()) as Record<string, unknown>;
}

/**
 * A request whose request line is sent exactly as given (fetch would resolve dot segments and
 * re-encode): encoded letters, dot segments, backslashes or the absolute form `http://host/path`.
 */
export function rawRequest(
  base: string,
  method: string,
  target: string,
  options: { headers?: Record<string, string>; json?: unknown } = {},
): Promise<{ status: number; headers: Record<string, string | string[] | undefined>; body: string }> {
  return new Promise((resolve, reject) => {
    const { hostname, port } = new URL(base);
    const payload = options.json === undefined ? undefined : JSON.stringify(options.json);
    const sent = httpRequest(
      {
        hostname,
        port,
        method,
        path: target,
        headers: {
          ...(payload
            ? { 'content-type': 'application/json', 'content-length': String(Buffer.byteLength(payload)) }
            : {}),
          ...options.headers,
        },
      },
      (response) => {
        let text = '';
        response.setEncoding('utf8');
        response.on('data', (chunk: string) => (text += chunk));
        response.on('end', () =>
          resolve({ status: response.statusCode ?? 0, headers: response.headers, body: text }),
        );
      },
    );
    sent.on('error', reject);
    sent.end(payload);
  });
}
