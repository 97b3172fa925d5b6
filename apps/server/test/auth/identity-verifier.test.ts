import { randomUUID } from 'node:crypto';
import { exportJWK, generateKeyPair, SignJWT } from 'jose';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { IdentityVerifier } from '../../src/auth/identity';

const ISSUER = 'https://ruthless.test';

async function keys() {
  const { publicKey, privateKey } = await generateKeyPair('EdDSA', { crv: 'Ed25519' });
  const jwk = { ...(await exportJWK(publicKey)), kid: 'k1', alg: 'EdDSA' };
  const sign = (sub: string, expiresInSeconds: number) =>
    new SignJWT({ email: `${sub.slice(0, 8)}@ruthless.test` })
      .setProtectedHeader({ alg: 'EdDSA', kid: 'k1' })
      .setSubject(sub)
      .setIssuer(ISSUER)
      .setAudience(ISSUER)
      .setIssuedAt()
      .setExpirationTime(Math.floor(Date.now() / 1000) + expiresInSeconds)
      .sign(privateKey);
  const verifier = new IdentityVerifier(async () => ({ keys: [jwk] }), ISSUER, ISSUER);
  return { sign, verifier };
}

afterEach(() => {
  vi.useRealTimers();
});

describe('identity tokens, verified once', () => {
  it('believes a verified token again, but never a token that differs from it by one byte', async () => {
    const { sign, verifier } = await keys();
    const id = randomUUID();
    const token = await sign(id, 600);
    expect((await verifier.verify(token)).id).toBe(id);
    expect((await verifier.verify(token)).id).toBe(id);
    // Another player's id in the same token's payload, the signature kept: refused.
    const [header, payload, signature] = token.split('.') as [string, string, string];
    const claims = JSON.parse(Buffer.from(payload, 'base64url').toString()) as Record<string, unknown>;
    const forged = `${header}.${Buffer.from(JSON.stringify({ ...claims, sub: randomUUID() })).toString('base64url')}.${signature}`;
    await expect(verifier.verify(forged)).rejects.toMatchObject({ reason: 'invalid' });
    await expect(verifier.verify(`${token}x`)).rejects.toMatchObject({ reason: 'invalid' });
  });

  it('refuses a verified token once it has expired', async () => {
    const { sign, verifier } = await keys();
    const token = await sign(randomUUID(), 60);
    await verifier.verify(token);
    vi.useFakeTimers({ now: Date.now() + 61_000, toFake: ['Date'] });
    await expect(verifier.verify(token)).rejects.toMatchObject({ reason: 'expired' });
    // And stays refused (it left the cache; the signature check says expired too).
    await expect(verifier.verify(token)).rejects.toMatchObject({ reason: 'expired' });
  });
});
