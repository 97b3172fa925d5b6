import { and, eq, isNotNull, isNull, ne, or, sql } from 'drizzle-orm';
import { isUniqueViolation } from '../db/postgres-errors';
import type { Db } from '../db/database';
import { playerProfiles } from '../db/schema';

export type PlayerProfileRow = typeof playerProfiles.$inferSelect;
export type ProfileChanges = Partial<
  Pick<
    PlayerProfileRow,
    | 'alias'
    | 'aliasSkeleton'
    | 'phoneNumber'
    | 'defaultChoice'
    | 'dobDay'
    | 'dobMonth'
    | 'dobYear'
    | 'marketingAccepted'
  >
>;

/** Thrown when another player of the operator has the chat name (any case). */
export class AliasTakenError extends Error {}

const ALIAS_INDEX = 'player_profiles_operator_alias_key';

// PostgreSQL's unique_violation, from pg or PGlite, possibly wrapped by Drizzle.
const isAliasConflict = (error: unknown) => isUniqueViolation(error, ALIAS_INDEX);

/** The SQL of the players' profiles (player_profiles): registration with the operator, settings, chat names. */
export class ProfileRepository {
  constructor(private readonly db: Db) {}

  /** Creates the registration, or leaves an existing one as it is (names filled in if empty). */
  async register(userId: string, operator: string, firstName: string, lastName: string): Promise<void> {
    await this.db
      .insert(playerProfiles)
      .values({ userId, operator, firstName, lastName })
      .onConflictDoUpdate({
        target: [playerProfiles.userId, playerProfiles.operator],
        set: {
          firstName: sql`case when ${playerProfiles.firstName} = '' then excluded.first_name else ${playerProfiles.firstName} end`,
          lastName: sql`case when ${playerProfiles.lastName} = '' then excluded.last_name else ${playerProfiles.lastName} end`,
        },
      });
  }

  async find(userId: string, operator: string): Promise<PlayerProfileRow | undefined> {
    const [row] = await this.db
      .select()
      .from(playerProfiles)
      .where(and(eq(playerProfiles.userId, userId), eq(playerProfiles.operator, operator)));
    return row;
  }

  /** The operators a player is registered with. */
  async operatorsOf(userId: string): Promise<string[]> {
    const rows = await this.db
      .select({ operator: playerProfiles.operator })
      .from(playerProfiles)
      .where(eq(playerProfiles.userId, userId));
    return rows.map((row) => row.operator);
  }

  /** True when another player of the operator has the name in any case, or one that looks like it. */
  async isAliasTaken(
    operator: string,
    alias: string,
    skeleton: string,
    exceptUserId: string,
  ): Promise<boolean> {
    const [row] = await this.db
      .select({ userId: playerProfiles.userId })
      .from(playerProfiles)
      .where(
        and(
          eq(playerProfiles.operator, operator),
          or(
            sql`lower(${playerProfiles.alias}) = lower(${alias})`,
            eq(playerProfiles.aliasSkeleton, skeleton),
          ),
          ne(playerProfiles.userId, exceptUserId),
        ),
      )
      .limit(1);
    return row !== undefined;
  }

  /** Keeps the skeleton of every alias saved before it was kept (at start-up; a no-op after). */
  async fillAliasSkeletons(skeletonOf: (alias: string) => string): Promise<number> {
    const rows = await this.db
      .select({
        userId: playerProfiles.userId,
        operator: playerProfiles.operator,
        alias: playerProfiles.alias,
      })
      .from(playerProfiles)
      .where(and(isNotNull(playerProfiles.alias), isNull(playerProfiles.aliasSkeleton)));
    for (const row of rows)
      await this.db
        .update(playerProfiles)
        .set({ aliasSkeleton: skeletonOf(row.alias!) })
        .where(and(eq(playerProfiles.userId, row.userId), eq(playerProfiles.operator, row.operator)));
    return rows.length;
  }

  /** Updates the settings; throws AliasTakenError when the unique index refuses the alias. */
  async update(
    userId: string,
    operator: string,
    changes: ProfileChanges,
  ): Promise<PlayerProfileRow | undefined> {
    try {
      const [row] = await this.db
        .update(playerProfiles)
        .set({ ...changes, updatedAt: sql`now()` })
        .where(and(eq(playerProfiles.userId, userId), eq(playerProfiles.operator, operator)))
        .returning();
      return row;
    } catch (error) {
      if (isAliasConflict(error)) throw new AliasTakenError();
      throw error;
    }
  }
}
