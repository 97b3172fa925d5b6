import { createHmac, hkdfSync } from 'node:crypto';
import { secretVersion, type AuthSecrets } from './auth-secrets';

/** What a derived key is for: each purpose has its own key, so one never stands in for another. */
export type KeyPurpose = 'kept-breaks' | 'game-pseudonyms';

/** A key of one purpose, derived from one auth secret (its version names which). */
export interface ServerKey {
  version: number;
  key: Buffer;
}

/**
 * Keys the server keeps and never publishes, derived (HKDF-SHA256) from the auth secrets: in
 * production AUTH_SECRET, which production requires, with the secrets AUTH_PREVIOUS_SECRETS still
 * lists; elsewhere the secret generated into the database. Every process derives the same keys.
 */
export class ServerKeys {
  private readonly secrets: string[];

  constructor(secrets: AuthSecrets) {
    this.secrets =
      secrets.kind === 'generated'
        ? [secrets.secret]
        : [
            ...secrets.secrets.map((secret) => secret.value),
            ...(secrets.generated ? [secrets.generated] : []),
          ];
  }

  /** The key of `purpose` under the current secret. */
  current(purpose: KeyPurpose): ServerKey {
    return this.all(purpose)[0]!;
  }

  /** The keys of `purpose` under every secret still listed, the current one first. */
  all(purpose: KeyPurpose): ServerKey[] {
    return this.secrets.map((secret) => ({
      version: secretVersion(secret),
      key: Buffer.from(hkdfSync('sha256', secret, '', `ruthless:${purpose}`, 32)),
    }));
  }
}

/** HMAC-SHA256 of `text` under `key`, in hex. */
export const keyedHash = (key: Buffer, text: string) => createHmac('sha256', key).update(text).digest('hex');
