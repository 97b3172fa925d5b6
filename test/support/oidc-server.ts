// oidc-provider ships no types: the reference brings ours into every tsconfig that imports this file.
// eslint-disable-next-line @typescript-eslint/triple-slash-reference
/// <reference path="./oidc-provider.d.ts" />
import { createServer, type Server } from 'node:http';
import Provider from 'oidc-provider';

// One OpenID Connect test provider for the server's integration tests (apps/server/test) and the
// browser tests (e2e), standing in for Google.

export interface TestIdentity {
  email?: string;
  email_verified?: boolean;
  name?: string;
}

export interface OidcServer {
  issuer: string;
  clientId: string;
  clientSecret: string;
  /** The claims each login name gets; a login not listed gets only `sub`. */
  identities: Map<string, TestIdentity>;
  /** Points the client's redirect URI at the app, when its port is known only once it is built. */
  setRedirectUri(uri: string): void;
  close(): Promise<void>;
}

/**
 * A real OpenID Connect provider on 127.0.0.1 with oidc-provider's development login and consent
 * pages (any password is accepted; the login is the account id).
 */
export async function startOidcServer(redirectUri = 'http://127.0.0.1/placeholder'): Promise<OidcServer> {
  const identities = new Map<string, TestIdentity>();
  const client = {
    client_id: 'ruthless-test',
    client_secret: 'ruthless-test-secret',
    redirect_uris: [redirectUri],
    grant_types: ['authorization_code'],
    response_types: ['code'],
    token_endpoint_auth_method: 'client_secret_post',
  };
  const server: Server = createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const address = server.address();
  const issuer = `http://127.0.0.1:${typeof address === 'object' && address ? address.port : 0}`;
  const build = () =>
    new Provider(issuer, {
      clients: [client],
      claims: { openid: ['sub'], email: ['email', 'email_verified'], profile: ['name'] },
      findAccount: (_ctx: unknown, id: string) => ({
        accountId: id,
        claims: () => ({ sub: id, ...identities.get(id) }),
      }),
      cookies: { keys: ['oidc-test-cookie-key'] },
      ttl: {
        AccessToken: 600,
        AuthorizationCode: 60,
        Grant: 600,
        IdToken: 600,
        Interaction: 600,
        Session: 600,
      },
      features: { devInteractions: { enabled: true } },
    });
  let provider = build();
  server.on('request', (request, response) => provider.callback()(request, response));
  return {
    issuer,
    clientId: client.client_id,
    clientSecret: client.client_secret,
    identities,
    setRedirectUri(uri) {
      client.redirect_uris = [uri];
      provider = build();
    },
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}

/** What signInAtProvider needs of a cookie-keeping HTTP client (apps/server/test/support/http.ts). */
export interface ProviderClient {
  follow(url: string): Promise<{ response: Response; url: string }>;
  request(method: string, url: string, options: { form: Record<string, string> }): Promise<Response>;
}

/**
 * Walks a client through the provider's login and consent pages, from the authorization URL to
 * the app's callback and beyond; returns where it ended (the app's callbackURL or
 * errorCallbackURL).
 */
export async function signInAtProvider(
  client: ProviderClient,
  authorizationUrl: string,
  login: string,
): Promise<URL> {
  let url = authorizationUrl;
  for (let step = 0; step < 10; step++) {
    const { response, url: landed } = await client.follow(url);
    const location = response.headers.get('location');
    if (response.status >= 300 && response.status < 400 && location) return new URL(location, landed);
    const html = await response.text();
    const action = /<form[^>]*action="([^"]+)"/.exec(html)?.[1];
    if (response.status !== 200 || !action) return new URL(landed);
    const prompt = /name="prompt" value="([^"]+)"/.exec(html)?.[1] ?? 'login';
    const form: Record<string, string> =
      prompt === 'login' ? { prompt, login, password: 'any-password' } : { prompt };
    const submitted = await client.request(
      'POST',
      new URL(action.replaceAll('&amp;', '&'), landed).toString(),
      { form },
    );
    const next = submitted.headers.get('location');
    if (!next) throw new Error(`the provider answered ${submitted.status} to the ${prompt} form`);
    url = new URL(next, landed).toString();
  }
  throw new Error('the provider never redirected back');
}
