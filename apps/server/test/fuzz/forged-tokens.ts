import { createHmac, randomUUID } from 'node:crypto';
import { generateKeyPair, SignJWT } from 'jose';
import type { App } from '../../src/app';
import { decodeJwt } from '../support/http';

const base64url = (value: unknown) =>
  Buffer.from(typeof value === 'string' ? value : JSON.stringify(value)).toString('base64url');

/**
 * Identity tokens that must all be refused, built from a real player's token: wrong signature,
 * tampered claims, alg none, alg confusion, a foreign key under the server's key id, expired,
 * not yet valid, another issuer or audience, and plain garbage. Labelled for failure messages.
 */
export async function forgedTokens(
  app: App,
  base: string,
  playerToken: string,
): Promise<{ label: string; token: string }[]> {
  const [header, payload, signature] = playerToken.split('.') as [string, string, string];
  const claims = decodeJwt(playerToken);
  const now = Math.floor(Date.now() / 1000);
  const api = app.accounts.auth.api;
  const signed = async (extra: Record<string, unknown>) =>
    (await api.signJWT({ body: { payload: { ...claims, ...extra } } })).token;
  const jwks = (await (await fetch(`${base}/api/auth/jwks`)).json()) as {
    keys: { kid: string; x?: string }[];
  };
  const key = jwks.keys[0]!;
  const hs256Header = base64url({ alg: 'HS256', typ: 'JWT', kid: key.kid });
  const hostPayload = base64url({ ...claims, role: 'host', sub: randomUUID() });
  const { privateKey } = await generateKeyPair('EdDSA', { crv: 'Ed25519' });
  const flipped = signature.slice(0, -2) + (signature.endsWith('AA') ? 'BB' : 'AA');
  return [
    { label: 'wrong signature', token: `${header}.${payload}.${flipped}` },
    { label: 'tampered claims', token: `${header}.${hostPayload}.${signature}` },
    { label: 'no signature', token: `${header}.${payload}.` },
    { label: 'alg none', token: `${base64url({ alg: 'none', typ: 'JWT' })}.${payload}.` },
    {
      label: 'alg confusion (HS256 keyed with the public key)',
      token: `${hs256Header}.${hostPayload}.${createHmac('sha256', key.x ?? JSON.stringify(key))
        .update(`${hs256Header}.${hostPayload}`)
        .digest('base64url')}`,
    },
    {
      label: "a foreign key under the server's key id",
      token: await new SignJWT({ ...claims, role: 'host' })
        .setProtectedHeader({ alg: 'EdDSA', kid: key.kid })
        .sign(privateKey),
    },
    { label: 'expired', token: await signed({ iat: now - 3600, exp: now - 60 }) },
    { label: 'not yet valid', token: await signed({ nbf: now + 3600 }) },
    { label: 'another issuer', token: await signed({ iss: 'https://elsewhere.example' }) },
    { label: 'another audience', token: await signed({ aud: 'https://elsewhere.example' }) },
    // Signed by the server, for a player that does not exist: nothing may be stored for them.
    { label: 'a player that does not exist', token: await signed({ sub: randomUUID() }) },
    { label: 'Bearer garbage', token: 'Bearer not-a-token' },
    { label: 'three dots', token: 'a.b.c' },
    { label: 'oversize', token: 'x'.repeat(5000) },
  ];
}
