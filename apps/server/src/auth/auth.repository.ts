import { createHash, randomBytes } from 'node:crypto';
import { and, eq, ne, sql } from 'drizzle-orm';
import type { Db } from '../db/database';
import { jwks, serverSecrets, users, verifications } from '../db/schema';

/** How Better Auth stores a verification identifier (`storeIdentifier: 'hashed'`). */
const storedIdentifier = (identifier: string) => createHash('sha256').update(identifier).digest('base64url');

export class AuthRepository {
  constructor(private readonly db: Db) {}

  /**
   * The secret named `name`, created on first use. Every process on the database reads the
   * same value, so cookies and encrypted signing keys survive restarts and scale-out.
   */
  async ensureSecret(name: string): Promise<string> {
    await this.db
      .insert(serverSecrets)
      .values({ name, value: randomBytes(32).toString('base64url') })
      .onConflictDoNothing();
    const [row] = await this.db.select().from(serverSecrets).where(eq(serverSecrets.name, name));
    return row!.value;
  }

  /** The secret named `name` if the server generated one, without creating it. */
  async readSecret(name: string): Promise<string | undefined> {
    const [row] = await this.db.select().from(serverSecrets).where(eq(serverSecrets.name, name));
    return row?.value;
  }

  /** The identity token's signing keys, as Better Auth stores them (encrypted). */
  async encryptedSigningKeys(): Promise<string[]> {
    const rows = await this.db.select({ privateKey: jwks.privateKey }).from(jwks);
    return rows.map((row) => row.privateKey);
  }

  async markEmailVerified(userId: string): Promise<void> {
    await this.db
      .update(users)
      .set({ emailVerified: true, updatedAt: sql`now()` })
      .where(eq(users.id, userId));
  }

  /**
   * Drops every reset code of the player but `keep` (the plain identifier,
   * `reset-password:<code>`), or every one when `keep` is null.
   */
  async dropOtherResetCodes(userId: string, keep: string | null): Promise<void> {
    await this.db
      .delete(verifications)
      .where(
        keep === null
          ? eq(verifications.value, userId)
          : and(eq(verifications.value, userId), ne(verifications.identifier, storedIdentifier(keep))),
      );
  }
}
