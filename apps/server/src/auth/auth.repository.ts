import { randomBytes } from 'node:crypto';
import { eq, sql } from 'drizzle-orm';
import type { Db } from '../db/database';
import { serverSecrets, users } from '../db/schema';

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

  async markEmailVerified(userId: string): Promise<void> {
    await this.db
      .update(users)
      .set({ emailVerified: true, updatedAt: sql`now()` })
      .where(eq(users.id, userId));
  }
}
