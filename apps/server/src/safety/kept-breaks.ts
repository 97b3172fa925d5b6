import { sql } from 'drizzle-orm';
import { queryRows, type Db } from '../db/database';
import { keyedHash, type ServerKeys } from '../auth/server-keys';

/** A break or self-exclusion in force, as kept past its account. */
export interface KeptBreak {
  kind: 'break' | 'self-exclusion';
  period: string;
  startedAt: Date;
  endsAt: Date;
}

/** The ways a person comes back: the email as Better Auth stores it, and each Google subject. */
export const emailIdentity = (email: string) => `email:${email.trim().toLowerCase()}`;
export const googleIdentity = (subject: string) => `google:${subject}`;

/**
 * A break or self-exclusion outlives the account (docs/player-app.md, "Take a break"): deleting
 * the account during one keeps it under an HMAC of the normalised email and of each Google
 * subject, until it ends; a new account with either gets it back at sign-up (and registration).
 * Keyed, not a bare SHA-256: emails are easy to guess, and a copy of the database alone must not
 * tell whether a known address excluded itself. The key comes from the auth secrets (never in the
 * database), so rotating AUTH_SECRET keeps old rows matching while AUTH_PREVIOUS_SECRETS lists
 * the secret they were made with (the server refuses to start otherwise: `unmatchable`).
 */
export class KeptBreaks {
  constructor(
    private readonly db: Db,
    private readonly keys: ServerKeys,
    private readonly clock: () => Date = () => new Date(),
  ) {}

  /** The user's email and Google subjects, as identities. */
  private async identitiesOf(userId: string): Promise<string[]> {
    const rows = await queryRows<{ identity: string; google: boolean }>(
      this.db,
      sql`select email as identity, false as google from users where id = ${userId}
          union all
          select account_id, true from accounts where user_id = ${userId} and provider_id = 'google'`,
    );
    return rows.map((row) => (row.google ? googleIdentity(row.identity) : emailIdentity(row.identity)));
  }

  /**
   * Before the user is deleted: keeps their break in force (the one that ends last) under each
   * of their identities; returns it, or undefined when there is none.
   */
  async keep(userId: string): Promise<KeptBreak | undefined> {
    const now = this.clock();
    const [current] = await queryRows<{ kind: string; period: string; started_at: string; ends_at: string }>(
      this.db,
      sql`select kind, period, started_at, ends_at from play_breaks
          where user_id = ${userId} and ends_at > ${now.toISOString()}::timestamptz
          order by ends_at desc limit 1`,
    );
    if (!current) return undefined;
    const kept: KeptBreak = {
      kind: current.kind as KeptBreak['kind'],
      period: current.period,
      startedAt: new Date(current.started_at),
      endsAt: new Date(current.ends_at),
    };
    const { version, key } = this.keys.current('kept-breaks');
    const identities = await this.identitiesOf(userId);
    await this.db.transaction(async (tx) => {
      // What has ended is kept no longer.
      await tx.execute(sql`delete from kept_breaks where ends_at <= ${now.toISOString()}::timestamptz`);
      for (const identity of identities) {
        await tx.execute(sql`insert into kept_breaks (identity, key_version, kind, period, started_at, ends_at)
          values (${keyedHash(key, identity)}, ${version}, ${kept.kind}, ${kept.period},
                  ${kept.startedAt.toISOString()}::timestamptz, ${kept.endsAt.toISOString()}::timestamptz)`);
      }
    });
    return kept;
  }

  /**
   * Gives a (new) user the break kept under any of their identities, the one that ends last,
   * unless one of theirs already runs as long. Idempotent: sign-up, Google's first sign-in and
   * registration all call it.
   */
  async restore(userId: string): Promise<void> {
    const identities = await this.identitiesOf(userId);
    if (identities.length === 0) return;
    const hashes = this.keys
      .all('kept-breaks')
      .flatMap(({ key }) => identities.map((identity) => keyedHash(key, identity)));
    const now = this.clock().toISOString();
    await this.db.transaction(async (tx) => {
      // The same lock as taking a break (safety.repository.ts): one writer of a player's breaks.
      await tx.execute(sql`select pg_advisory_xact_lock(hashtext(${`play-break:${userId}`}))`);
      await tx.execute(sql`insert into play_breaks (user_id, kind, period, started_at, ends_at)
        select ${userId}, k.kind, k.period, k.started_at, k.ends_at
        from (select * from kept_breaks
              where identity in (${sql.join(
                hashes.map((hash) => sql`${hash}`),
                sql`, `,
              )}) and ends_at > ${now}::timestamptz
              order by ends_at desc limit 1) k
        where not exists (select 1 from play_breaks p
                          where p.user_id = ${userId} and p.ends_at >= k.ends_at)`);
    });
  }

  /**
   * How many kept breaks in force no listed secret can match (their secret was dropped from
   * AUTH_PREVIOUS_SECRETS too early): the server refuses to start rather than let them lapse.
   */
  async unmatchable(): Promise<number> {
    const versions = this.keys.all('kept-breaks').map(({ version }) => version);
    const [row] = await queryRows<{ count: number | string }>(
      this.db,
      sql`select count(*) as count from kept_breaks
          where ends_at > ${this.clock().toISOString()}::timestamptz
            and key_version not in (${sql.join(
              versions.map((version) => sql`${version}`),
              sql`, `,
            )})`,
    );
    return Number(row?.count ?? 0);
  }
}
