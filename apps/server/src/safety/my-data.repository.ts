import { sql } from 'drizzle-orm';
import { queryRows, type Db } from '../db/database';

type Row = Record<string, unknown>;

/**
 * "Download my data" (GDPR's right of access): everything kept about one user, read for them
 * alone. Secrets are left out: password hashes, session and OAuth tokens.
 */
export class MyDataRepository {
  constructor(private readonly db: Db) {}

  async collect(userId: string) {
    const read = (query: ReturnType<typeof sql>) => queryRows<Row>(this.db, query);
    const [account] = await read(
      sql`select id, name, email, email_verified as "emailVerified", created_at as "createdAt"
          from users where id = ${userId}`,
    );
    const [
      profiles,
      consents,
      signInMethods,
      signIns,
      tickets,
      winnings,
      chatMessages,
      breaks,
      reminders,
      inviteCodes,
      joinedThroughInvite,
      friendsJoined,
      roomFollows,
      notificationKinds,
      notificationPhones,
      notificationsSent,
    ] = await Promise.all([
      read(sql`select operator, first_name as "firstName", last_name as "lastName", alias,
                 phone_number as "phoneNumber", default_choice as "defaultChoice", dob_day as "dobDay",
                 dob_month as "dobMonth", dob_year as "dobYear", marketing_accepted as "marketingAccepted",
                 reality_check_minutes as "realityCheckMinutes", remind_every_show as "remindEveryShow",
                 created_at as "createdAt", updated_at as "updatedAt"
               from player_profiles where user_id = ${userId} order by operator`),
      // Every marketing choice with the words agreed to, not only the one in force.
      read(sql`select operator, given, wording, at
               from marketing_consents where user_id = ${userId} order by at`),
      read(sql`select provider_id as "provider", created_at as "createdAt"
               from accounts where user_id = ${userId} order by created_at`),
      read(sql`select created_at as "signedInAt", expires_at as "expiresAt", ip_address as "ipAddress",
                 user_agent as "userAgent"
               from sessions where user_id = ${userId} order by created_at desc`),
      read(sql`select t.game_id as "gameUuid", r.name as "roomName", g.start_time as "startTime",
                 g.state as "gameState", t.ticket_index as "ticketIndex", t.lucky_fate_pick as "luckyFatePick",
                 t.claimed_at as "claimedAt", t.released_at as "releasedAt"
               from tickets t join games g on g.id = t.game_id join rooms r on r.id = g.room_id
               where t.player_id = ${userId} order by t.claimed_at desc`),
      read(sql`select p.game_id as "gameUuid", g.start_time as "startTime", p.pence as "winningsPence"
               from payouts p join games g on g.id = p.game_id
               where p.player_id = ${userId} order by g.start_time desc`),
      read(sql`select game_id as "gameUuid", text, created_at as "sentAt", deleted_at as "deletedAt"
               from chat_messages where player_id = ${userId} order by created_at desc`),
      read(sql`select kind, period, started_at as "startedAt", ends_at as "endsAt"
               from play_breaks where user_id = ${userId} order by started_at desc`),
      read(sql`select m.game_id as "gameUuid", g.start_time as "startTime", m.source, m.asked_at as "askedAt",
                 m.sent_at as "sentAt", m.sent_kind as "sentKind"
               from show_reminders m join games g on g.id = m.game_id
               where m.user_id = ${userId} order by g.start_time desc`),
      // Invites: the player's own code, when they joined through a friend's link and when friends
      // joined through theirs; never who the other person is (their data, not this player's).
      read(sql`select code, created_at as "createdAt" from invite_codes where user_id = ${userId}`),
      read(sql`select at as "joinedAt" from invites where invitee_id = ${userId}`),
      read(sql`select at as "joinedAt" from invites where inviter_id = ${userId} order by at desc`),
      // Web Push: the rooms followed, the kinds switched, the phones (their time zone: the
      // endpoint and keys are the browser's secrets) and the notifications sent.
      read(sql`select f.room_id as "roomUuid", r.name as "roomName", f.created_at as "followedAt"
               from room_follows f join rooms r on r.id = f.room_id
               where f.user_id = ${userId} order by f.created_at`),
      read(sql`select show_starts as "showStarts", followed_rooms as "followedRooms", wins,
                 updated_at as "updatedAt"
               from push_preferences where user_id = ${userId}`),
      read(sql`select time_zone as "timeZone", created_at as "subscribedAt"
               from push_subscriptions where user_id = ${userId} order by created_at`),
      read(sql`select game_id as "gameUuid", slot, kind, sent_at as "sentAt"
               from push_sends where user_id = ${userId} order by sent_at desc`),
    ]);
    return {
      account,
      profiles,
      consents,
      signInMethods,
      signIns,
      tickets,
      winnings,
      chatMessages,
      breaks,
      reminders,
      invites: { codes: inviteCodes, joinedThroughInvite, friendsJoined },
      roomFollows,
      notificationKinds: notificationKinds[0] ?? null,
      notificationPhones,
      notificationsSent,
    };
  }
}
