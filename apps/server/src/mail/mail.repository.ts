import { desc } from 'drizzle-orm';
import type { Db } from '../db/database';
import { mailOutbox } from '../db/schema';

export type OutboxMail = typeof mailOutbox.$inferSelect;
export type NewOutboxMail = typeof mailOutbox.$inferInsert;

export class MailRepository {
  constructor(private readonly db: Db) {}

  async insert(mail: NewOutboxMail): Promise<void> {
    await this.db.insert(mailOutbox).values(mail);
  }

  /** Newest first. */
  listRecent(limit: number): Promise<OutboxMail[]> {
    return this.db
      .select()
      .from(mailOutbox)
      .orderBy(desc(mailOutbox.createdAt), desc(mailOutbox.id))
      .limit(limit);
  }
}
