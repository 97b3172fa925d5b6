import { createServer, type Server } from 'node:http';
import Provider from 'oidc-provider';
import { freePort } from './server';

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
  close(): Promise<void>;
}

/**
 * A real OpenID Connect provider on 127.0.0.1 standing in for Google (as the server's tests do),
 * with oidc-provider's development login and consent pages: any password, the login is the id.
 */
export async function startOidcServer(redirectUri: string): Promise<OidcServer> {
  const identities = new Map<string, TestIdentity>();
  const client = {
    client_id: 'ruthless-e2e',
    client_secret: 'ruthless-e2e-secret',
    redirect_uris: [redirectUri],
    grant_types: ['authorization_code'],
    response_types: ['code'],
    token_endpoint_auth_method: 'client_secret_post',
  };
  const port = await freePort();
  const issuer = `http://127.0.0.1:${port}`;
  const provider = new Provider(issuer, {
    clients: [client],
    claims: { openid: ['sub'], email: ['email', 'email_verified'], profile: ['name'] },
    findAccount: (_ctx: unknown, id: string) => ({
      accountId: id,
      claims: () => ({ sub: id, ...identities.get(id) }),
    }),
    cookies: { keys: ['oidc-e2e-cookie-key'] },
    features: { devInteractions: { enabled: true } },
  });
  const server: Server = createServer(provider.callback());
  await new Promise<void>((resolve) => server.listen(port, '127.0.0.1', resolve));
  return {
    issuer,
    clientId: client.client_id,
    clientSecret: client.client_secret,
    identities,
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}
