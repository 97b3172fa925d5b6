import { createLocalJWKSet, errors, jwtVerify, type JSONWebKeySet } from 'jose';
import { LRUCache } from 'lru-cache';
import { OPERATOR } from '@ruthless/protocol';

/** The signed-in player, as the identity token says. */
export interface Player {
  /** The player uuid (the token's `sub`). */
  id: string;
  email: string;
  name: string;
  /** 'enlivon' once registered with the operator, else null. */
  operator: typeof OPERATOR | null;
  /** 'host' for ADMIN_EMAILS, else null. */
  role: 'host' | null;
  /** When the token expires (ms since the epoch). */
  expiresAt: number;
  /** When the token was issued (ms since the epoch): refused if before the user's cut-off. */
  issuedAt: number;
  /** The session the token was issued for (absent in tokens from before it was carried). */
  sessionId?: string;
}

/** Why a token was refused: `expired` or anything else (`invalid`). */
export class IdentityTokenError extends Error {
  constructor(readonly reason: 'missing' | 'expired' | 'invalid') {
    super(`identity token ${reason}`);
  }
}

/** Only what our JWT plugin signs with: Ed25519. `none`, HS* and the rest are refused. */
export const IDENTITY_TOKEN_ALGORITHMS = ['EdDSA'];
const MAX_TOKEN_LENGTH = 4096;
const KEY_RELOAD_INTERVAL_MS = 5000;
/** Verified tokens kept (about 1 KB each): a full night's players, bounded. */
const VERIFIED_TOKENS = 50_000;
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/**
 * Verifies identity tokens against the server's own JWKS (the jwks table, shared by every
 * process): signature, algorithm, expiry, issuer and audience. Keys are cached and reloaded
 * when a token names a key not seen yet.
 */
export class IdentityVerifier {
  private keySet: ReturnType<typeof createLocalJWKSet> | undefined;
  private loadedAt = 0;
  // Verify once: a token verified here is believed until it expires, so a player who opened the
  // lobby has proved who they are, and a show's rush of claims pays no Ed25519 verification
  // (docs/performance.md, "Against a peer"). Keyed by the whole token: only those exact bytes count.
  private readonly verified = new LRUCache<string, Player>({ max: VERIFIED_TOKENS });

  constructor(
    private readonly loadKeys: () => Promise<JSONWebKeySet>,
    private readonly issuer: string,
    private readonly audience: string,
  ) {}

  /** The player of a valid token; throws IdentityTokenError otherwise. */
  async verify(token: string): Promise<Player> {
    if (!token) throw new IdentityTokenError('missing');
    if (token.length > MAX_TOKEN_LENGTH) throw new IdentityTokenError('invalid');
    const known = this.verified.get(token);
    if (known) {
      if (Date.now() < known.expiresAt) return known;
      this.verified.delete(token);
      throw new IdentityTokenError('expired');
    }
    const player = Object.freeze(await this.verifySignature(token));
    this.verified.set(token, player);
    return player;
  }

  private async verifySignature(token: string): Promise<Player> {
    try {
      return await this.verifyWithKeys(token, false);
    } catch (error) {
      if (error instanceof errors.JWKSNoMatchingKey && Date.now() - this.loadedAt > KEY_RELOAD_INTERVAL_MS) {
        return this.verifyWithKeys(token, true).catch((retryError: unknown) => {
          throw toIdentityError(retryError);
        });
      }
      throw toIdentityError(error);
    }
  }

  private async verifyWithKeys(token: string, reload: boolean): Promise<Player> {
    if (!this.keySet || reload) {
      this.keySet = createLocalJWKSet(await this.loadKeys());
      this.loadedAt = Date.now();
    }
    const { payload } = await jwtVerify(token, this.keySet, {
      algorithms: IDENTITY_TOKEN_ALGORITHMS,
      issuer: this.issuer,
      audience: this.audience,
      requiredClaims: ['sub', 'exp', 'iat'],
    });
    if (typeof payload.sub !== 'string' || !UUID.test(payload.sub) || typeof payload.email !== 'string') {
      throw new IdentityTokenError('invalid');
    }
    return {
      id: payload.sub,
      email: payload.email,
      name: typeof payload.name === 'string' ? payload.name : '',
      operator: payload.operator === OPERATOR ? OPERATOR : null,
      role: payload.role === 'host' ? 'host' : null,
      expiresAt: payload.exp! * 1000,
      issuedAt: issuedAtMs(payload.iat!, payload.iat_ms),
      ...(typeof payload.sid === 'string' ? { sessionId: payload.sid } : {}),
    };
  }
}

/**
 * When a token was issued, in ms: `iat` has whole seconds, so our tokens also carry `iat_ms`
 * (signed like the rest), which counts when it lies within `iat`'s second. A cut-off within the
 * second of a token without it refuses that token.
 */
function issuedAtMs(iat: number, iatMs: unknown): number {
  const second = iat * 1000;
  return typeof iatMs === 'number' && Math.floor(iatMs / 1000) * 1000 === second ? iatMs : second;
}

function toIdentityError(error: unknown): IdentityTokenError {
  if (error instanceof IdentityTokenError) return error;
  if (error instanceof errors.JWTExpired) return new IdentityTokenError('expired');
  return new IdentityTokenError('invalid');
}

/**
 * The token of an Authorization header: docs/player-app.md (Calls) sends it bare, others send `Bearer <token>`.
 */
export function tokenFromAuthorization(header: string | undefined): string {
  if (!header) return '';
  const value = header.trim();
  return /^bearer\s+/i.test(value) ? value.replace(/^bearer\s+/i, '').trim() : value;
}
