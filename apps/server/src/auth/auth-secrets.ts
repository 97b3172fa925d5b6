import { createHash } from 'node:crypto';
import { symmetricDecrypt } from 'better-auth/crypto';

/** What Better Auth is given: versioned secrets (AUTH_SECRET first), or one generated secret. */
export type AuthSecrets =
  | { kind: 'configured'; secrets: { version: number; value: string }[]; generated: string | undefined }
  | { kind: 'generated'; secret: string };

/**
 * A secret's version in Better Auth's envelopes (`$ba$<version>$…`): taken from the secret itself,
 * so a secret keeps its version wherever the operator lists it and nobody numbers them by hand.
 */
export function secretVersion(secret: string): number {
  return createHash('sha256').update(secret).digest().readUInt32BE(0) >>> 1;
}

/**
 * The configured secrets (AUTH_SECRET, then AUTH_PREVIOUS_SECRETS) with the secret the server
 * generated into the database before there was one: what that secret encrypted (the identity
 * token's signing keys) stays readable, as Better Auth's legacy secret.
 */
export function configuredSecrets(authSecrets: string[], generated: string | undefined): AuthSecrets {
  const unique = [...new Set(authSecrets)];
  return {
    kind: 'configured',
    secrets: unique.map((value) => ({ version: secretVersion(value), value })),
    generated,
  };
}

/** Better Auth's options for these secrets. */
export function betterAuthSecretOptions(secrets: AuthSecrets): {
  secret?: string;
  secrets?: { version: number; value: string }[];
} {
  if (secrets.kind === 'generated') return { secret: secrets.secret };
  // With no generated secret, Better Auth would take AUTH_SECRET from the environment as its
  // legacy one: the current secret, which is harmless.
  return { secrets: secrets.secrets, ...(secrets.generated ? { secret: secrets.generated } : {}) };
}

/**
 * Whether every encrypted signing key can be read with these secrets: after a rotation that
 * dropped a secret too early, the server refuses to start rather than fail every sign-in.
 */
export async function unreadableKeys(secrets: AuthSecrets, encryptedKeys: string[]): Promise<number> {
  const key =
    secrets.kind === 'generated'
      ? secrets.secret
      : {
          keys: new Map(secrets.secrets.map((secret) => [secret.version, secret.value])),
          currentVersion: secrets.secrets[0]!.version,
          legacySecret: secrets.generated,
        };
  let unreadable = 0;
  for (const data of encryptedKeys) {
    try {
      await symmetricDecrypt({ key, data: JSON.parse(data) as string });
    } catch {
      unreadable += 1;
    }
  }
  return unreadable;
}
