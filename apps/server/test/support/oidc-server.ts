import { createServer, type Server } from 'node:http';
import Provider from 'oidc-provider';
import type { Browser } from './http';

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
  /** Points the client's redirect URI at the app (its port is known only once it is built). */
  setRedirectUri(uri: string): void;
  close(): Promise<void>;
}

/**
 * A real OpenID Connect provider on 127.0.0.1 standing in for Google, with oidc-provider's
 * development login and consent pages (any password is accepted; the login is the account id).
 */
export async function startOidcServer(): Promise<OidcServer> {
  const identities = new Map<string, TestIdentity>();
  const client = {
    client_id: 'ruthless-test',
    client_secret: 'ruthless-test-secret',
    redirect_uris: ['http://127.0.0.1/placeholder'],
    grant_types: ['authorization_code'],
    response_types: ['code'],
    token_endpoint_auth_method: 'client_secret_post',
  };
  const server: Server = createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const address = server.address();
  const issuer = `http://127.0.0.1:${typeof address === 'object' && address ? address.port : 0}`;
  let provider: Provider | undefined;
  const build = () => {
    provider = new Provider(issuer, {
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
  };
  build();
  server.on('request', (request, response) => provider!.callback()(request, response));
  return {
    issuer,
    clientId: client.client_id,
    clientSecret: client.client_secret,
    identities,
    setRedirectUri(uri) {
      client.redirect_uris = [uri];
      build();
    },
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}

/**
 * Walks a browser through the provider's login and consent pages, from the authorization URL
 * to the app's callback and beyond; returns where it ended (the app's callbackURL or
 * errorCallbackURL).
 */
export async function signInAtProvider(
  browser: Browser,
  authorizationUrl: string,
  login: string,
): Promise<URL> {
  let url = authorizationUrl;
  for (let step = 0; step < 10; step++) {
    const { response, url: landed } = await browser.follow(url);
    const location = response.headers.get('location');
    if (response.status >= 300 && response.status < 400 && location) return new URL(location, landed);
    const html = await response.text();
    const action = /<form[^>]*action="([^"]+)"/.exec(html)?.[1];
    if (response.status !== 200 || !action) return new URL(landed);
    const prompt = /name="prompt" value="([^"]+)"/.exec(html)?.[1] ?? 'login';
    const form: Record<string, string> =
      prompt === 'login' ? { prompt, login, password: 'any-password' } : { prompt };
    const submitted = await browser.request(
      'POST',
      new URL(action.replaceAll('&amp;', '&'), landed).toString(),
      {
        form,
      },
    );
    const next = submitted.headers.get('location');
    if (!next) throw new Error(`the provider answered ${submitted.status} to the ${prompt} form`);
    url = new URL(next, landed).toString();
  }
  throw new Error('the provider never redirected back');
}
