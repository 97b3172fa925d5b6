-- A game's pool in sub-pools (issue 42; docs/tickets.md "Sub-pools", docs/performance.md "Claims:
-- sub-pools"). A rush at one game queued on the game's row lock for the whole deal. Now the pool
-- is split into rows of ticket_pools, each dealing its own stream of ticket indexes (strip s of
-- six to sub-pool s % ticket_pools): a claim locks its player's sub-pool (the claim's lane, a hash
-- of the player, modulo the count) and deals there, falling back to another sub-pool with tickets
-- when its own is empty; the game's row is updated last, for its counters and the seqs of the
-- claims' events, so its lock is held for that and the commit only. The sub-pools' rows add up to
-- the game's tickets_available and tickets_dealt at every commit (the lobby's count stays exact).
-- Existing games get one sub-pool holding what they have left: dealt as before.
CREATE TABLE "ticket_pools" (
	"game_id" uuid NOT NULL,
	"pool" integer NOT NULL,
	"tickets_left" integer NOT NULL,
	"tickets_dealt" integer DEFAULT 0 NOT NULL,
	CONSTRAINT "ticket_pools_game_id_pool_pk" PRIMARY KEY("game_id","pool"),
	CONSTRAINT "ticket_pools_left_check" CHECK ("ticket_pools"."tickets_left" >= 0)
);
--> statement-breakpoint
ALTER TABLE "games" ADD COLUMN "ticket_pools" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "ticket_pools" ADD CONSTRAINT "ticket_pools_game_id_games_id_fk" FOREIGN KEY ("game_id") REFERENCES "public"."games"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
UPDATE "games" SET "ticket_pools" = 1;--> statement-breakpoint
INSERT INTO "ticket_pools" ("game_id", "pool", "tickets_left", "tickets_dealt")
SELECT "id", 0, "tickets_available", "tickets_dealt" FROM "games";--> statement-breakpoint
ALTER TABLE "games" ADD CONSTRAINT "games_ticket_pools_check" CHECK ("games"."ticket_pools" in (1, 2, 4, 8));--> statement-breakpoint
-- How many sub-pools a new game gets from its pool (games.ticket_pools 0 on insert): one row
-- deals about 10 000 tickets a second on PostgreSQL, so a pool under 4 000 sells out on one row
-- in well under a second; from 4 000, 2, from 8 000, 4, from 16 000, 8: powers of two (the
-- claims' eight lanes, tickets.service.ts, divide evenly), at most 8.
CREATE FUNCTION "ticket_pools_for"(p_max_tickets integer) RETURNS integer LANGUAGE sql IMMUTABLE AS $$
	SELECT CASE WHEN p_max_tickets >= 16000 THEN 8 WHEN p_max_tickets >= 8000 THEN 4
		WHEN p_max_tickets >= 4000 THEN 2 ELSE 1 END
$$;
--> statement-breakpoint
-- How many of a game's first p_max ticket indexes are sub-pool p_pool's of p_pools: strip s (the
-- indexes 6s..6s+5) is sub-pool s % p_pools's. One sub-pool: all p_max.
CREATE FUNCTION "ticket_pool_capacity"(p_pool integer, p_pools integer, p_max integer)
RETURNS integer LANGUAGE sql IMMUTABLE AS $$
	SELECT CASE WHEN p_max / 6 > p_pool THEN ((p_max / 6 - 1 - p_pool) / p_pools + 1) * 6 ELSE 0 END
		+ CASE WHEN (p_max / 6) % p_pools = p_pool THEN p_max % 6 ELSE 0 END
$$;
--> statement-breakpoint
-- The ticket index of sub-pool p_pool's ticket number p_dealt (from 0). One sub-pool: p_dealt.
CREATE FUNCTION "ticket_pool_index"(p_pool integer, p_pools integer, p_dealt integer)
RETURNS integer LANGUAGE sql IMMUTABLE AS $$
	SELECT (p_pool + p_pools * (p_dealt / 6)) * 6 + p_dealt % 6
$$;
--> statement-breakpoint
-- The least maxTickets a host may set: every sub-pool's dealt tickets must stay below it (one
-- sub-pool: the tickets dealt).
CREATE FUNCTION "ticket_pools_floor"(p_game_id uuid) RETURNS integer LANGUAGE sql STABLE AS $$
	SELECT coalesce(max(ticket_pool_index(p."pool", g."ticket_pools", p."tickets_dealt" - 1) + 1), 0)
	FROM "ticket_pools" p JOIN "games" g ON g."id" = p."game_id"
	WHERE p."game_id" = p_game_id AND p."tickets_dealt" > 0
$$;
--> statement-breakpoint
-- A new game's sub-pool count (0: from its pool) ...
CREATE FUNCTION "games_count_ticket_pools"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
	IF NEW."ticket_pools" = 0 THEN NEW."ticket_pools" := ticket_pools_for(NEW."max_tickets"); END IF;
	RETURN NEW;
END
$$;
--> statement-breakpoint
CREATE TRIGGER "games_count_ticket_pools" BEFORE INSERT ON "games"
FOR EACH ROW EXECUTE FUNCTION games_count_ticket_pools();
--> statement-breakpoint
-- ... and its sub-pools' rows: one holds what the row says is left; several split a whole pool.
CREATE FUNCTION "games_make_ticket_pools"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
	IF NEW."ticket_pools" = 1 THEN
		INSERT INTO "ticket_pools" ("game_id", "pool", "tickets_left", "tickets_dealt")
		VALUES (NEW."id", 0, NEW."tickets_available", NEW."tickets_dealt");
	ELSIF NEW."tickets_dealt" <> 0 OR NEW."tickets_available" <> NEW."max_tickets" THEN
		RAISE EXCEPTION 'a game of % sub-pools starts with its whole pool', NEW."ticket_pools";
	ELSE
		INSERT INTO "ticket_pools" ("game_id", "pool", "tickets_left")
		SELECT NEW."id", k, ticket_pool_capacity(k, NEW."ticket_pools", NEW."max_tickets")
		FROM generate_series(0, NEW."ticket_pools" - 1) k;
	END IF;
	RETURN NULL;
END
$$;
--> statement-breakpoint
CREATE TRIGGER "games_make_ticket_pools" AFTER INSERT ON "games"
FOR EACH ROW EXECUTE FUNCTION games_make_ticket_pools();
--> statement-breakpoint
-- A host's new maxTickets (games.repository.ts updateScheduled, which locks the sub-pools first,
-- then the game, as claims do) gives each sub-pool its share of the new pool less what it dealt;
-- a share below that breaks ticket_pools_left_check (the host's update checks ticket_pools_floor).
CREATE FUNCTION "games_resize_ticket_pools"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
	UPDATE "ticket_pools" SET "tickets_left" =
		ticket_pool_capacity("pool", NEW."ticket_pools", NEW."max_tickets") - "tickets_dealt"
	WHERE "game_id" = NEW."id";
	RETURN NULL;
END
$$;
--> statement-breakpoint
CREATE TRIGGER "games_resize_ticket_pools" AFTER UPDATE OF "max_tickets" ON "games"
FOR EACH ROW WHEN (OLD."max_tickets" IS DISTINCT FROM NEW."max_tickets")
EXECUTE FUNCTION games_resize_ticket_pools();
--> statement-breakpoint
-- A group of claims dealt from one lane's sub-pool (tickets.repository.ts): 0022's deal, with the
-- sub-pools. Who may claim, held tickets and each claim's judgement are 0022's, in order. Then:
-- the lane's sub-pool (p_lane % ticket_pools) is locked: the same player's claims, always of one
-- lane, queue there from every process, and the held tickets are read after it, so they include
-- one just dealt elsewhere. A claim is dealt that sub-pool's next index; when it is empty, the
-- next sub-pool with tickets that no other deal holds (SKIP LOCKED: a deal never waits for a
-- second sub-pool, so two deals never wait for each other). A claim that finds tickets only in
-- sub-pools other deals hold answers {busy}: the caller deals it again a moment later. Last, the
-- game's row: its counters and the events' seqs, only if the game still takes these claims (a
-- host's change or a cancellation since it was read undoes the call with serialization_failure,
-- and the caller deals the group again). The game's lock is held for that, the events' insert and
-- the commit; the sub-pools' for the whole call.
-- The answer is 0022's; an answer of the list may be {busy} instead.
CREATE FUNCTION "deal_ticket_group"(
	p_game_id uuid,
	p_operator text,
	p_claim_stages text[],
	p_claims jsonb,
	p_lane integer
) RETURNS jsonb LANGUAGE plpgsql AS $$
DECLARE
	game "games";
	taken "ticket_pools";
	pool_ids integer[];
	pool_left integer[];
	pool_dealt integer[];
	dealing integer := 1;
	exhausted boolean := false;
	busy boolean := false;
	item jsonb;
	held jsonb;
	steals jsonb;
	event jsonb;
	claimable boolean;
	answer jsonb;
	answers jsonb[] := '{}';
	counts integer[] := '{}';
	dealt_players uuid[] := '{}';
	dealt_indexes integer[] := '{}';
	dealt_picks integer[] := '{}';
	dealt_events jsonb[] := '{}';
	latest timestamp with time zone := '-infinity';
	n integer;
	claimed jsonb;
	barred jsonb;
BEGIN
	SELECT coalesce(jsonb_object_agg(c.player, CASE
			WHEN token.revoked THEN to_jsonb('revoked'::text)
			ELSE jsonb_build_object('kind', away."kind", 'endsAt', away."ends_at") END), '{}')
	INTO barred
	FROM (SELECT (value->>'playerId')::uuid AS player, (value->>'issuedAt')::numeric AS issued_at,
			value->>'sessionId' AS session, (value->>'now')::timestamp with time zone AS at
		FROM jsonb_array_elements(p_claims) WHERE value ? 'issuedAt') c
	LEFT JOIN "users" u ON u."id" = c.player
	LEFT JOIN "token_cutoffs" cut ON cut."user_id" = c.player
	CROSS JOIN LATERAL (
		SELECT u."id" IS NULL
			OR coalesce(extract(epoch FROM cut."valid_after") * 1000 > c.issued_at, false)
			OR EXISTS (SELECT 1 FROM "ended_sessions" e WHERE e."session_id" = c.session) AS revoked
	) token
	LEFT JOIN LATERAL (
		SELECT b."kind", b."ends_at" FROM "play_breaks" b
		WHERE b."user_id" = c.player AND b."ends_at" > c.at
		ORDER BY b."ends_at" DESC LIMIT 1
	) away ON true
	WHERE token.revoked OR away."ends_at" IS NOT NULL;
	SELECT * INTO game FROM "games" WHERE "id" = p_game_id;
	IF NOT FOUND THEN
		RETURN jsonb_build_object(
			'game', NULL, 'claimed', '{}'::jsonb, 'answers', '[]'::jsonb, 'barred', barred);
	END IF;
	SELECT * INTO taken FROM "ticket_pools"
	WHERE "game_id" = p_game_id AND "pool" = p_lane % game."ticket_pools" FOR UPDATE;
	pool_ids := ARRAY[taken."pool"];
	pool_left := ARRAY[taken."tickets_left"];
	pool_dealt := ARRAY[taken."tickets_dealt"];
	SELECT coalesce(jsonb_object_agg(t."player_id", to_jsonb(t)), '{}') INTO held
	FROM "tickets" t
	WHERE t."game_id" = p_game_id
		AND t."player_id" IN (SELECT (value->>'playerId')::uuid FROM jsonb_array_elements(p_claims));
	SELECT coalesce(jsonb_object_agg(p."user_id", true), '{}') INTO steals
	FROM "player_profiles" p
	WHERE p."operator" = p_operator AND p."default_choice" = 'steal'
		AND p."user_id" IN (SELECT (value->>'playerId')::uuid FROM jsonb_array_elements(p_claims));
	claimable := game."state" = ANY (p_claim_stages);

	FOR item IN SELECT value FROM jsonb_array_elements(p_claims) LOOP
		answer := '{}';
		IF barred ? (item->>'playerId') THEN
			NULL;
		ELSIF held ? (item->>'playerId') THEN
			answer := jsonb_build_object('held', held->(item->>'playerId'));
		ELSIF claimable
			AND game."room_id" = (item->>'roomId')::uuid
			AND game."lucky_fate_mode" = item->>'luckyFateMode'
			AND game."start_time" > (item->>'now')::timestamp with time zone
		THEN
			WHILE pool_left[dealing] = 0 AND NOT exhausted LOOP
				SELECT * INTO taken FROM "ticket_pools"
				WHERE "game_id" = p_game_id AND "pool" <> ALL (pool_ids) AND "tickets_left" > 0
				ORDER BY "tickets_left" DESC, "pool" LIMIT 1
				FOR UPDATE SKIP LOCKED;
				IF FOUND THEN
					pool_ids := pool_ids || taken."pool";
					pool_left := pool_left || taken."tickets_left";
					pool_dealt := pool_dealt || taken."tickets_dealt";
					dealing := cardinality(pool_ids);
				ELSE
					exhausted := true;
					busy := EXISTS (SELECT 1 FROM "ticket_pools"
						WHERE "game_id" = p_game_id AND "pool" <> ALL (pool_ids) AND "tickets_left" > 0);
				END IF;
			END LOOP;
			IF pool_left[dealing] > 0 THEN
				event := item->'claim' || jsonb_build_object(
					'ticketIndex', ticket_pool_index(pool_ids[dealing], game."ticket_pools", pool_dealt[dealing]),
					'defaultChoice', CASE WHEN steals ? (item->>'playerId') THEN 'steal' ELSE 'share' END);
				pool_left[dealing] := pool_left[dealing] - 1;
				pool_dealt[dealing] := pool_dealt[dealing] + 1;
				answer := jsonb_build_object('event', event);
				dealt_players := dealt_players || (item->>'playerId')::uuid;
				dealt_indexes := dealt_indexes || (event->>'ticketIndex')::integer;
				dealt_picks := dealt_picks || (item->'claim'->>'luckyFatePick')::integer;
				dealt_events := dealt_events || event;
				latest := greatest(latest, (item->>'now')::timestamp with time zone);
			ELSIF busy THEN
				answer := jsonb_build_object('busy', true);
			END IF;
		END IF;
		answers := answers || answer;
		counts := counts || cardinality(dealt_players);
	END LOOP;

	n := cardinality(dealt_players);
	IF n > 0 THEN
		UPDATE "ticket_pools" p SET "tickets_left" = d.left_now, "tickets_dealt" = d.dealt_now
		FROM unnest(pool_ids, pool_left, pool_dealt) AS d(pool, left_now, dealt_now)
		WHERE p."game_id" = p_game_id AND p."pool" = d.pool;
		WITH inserted AS (
			INSERT INTO "tickets" ("game_id", "player_id", "ticket_index", "lucky_fate_pick")
			SELECT p_game_id, d.player, d.ticket_index, d.pick
			FROM unnest(dealt_players, dealt_indexes, dealt_picks) AS d(player, ticket_index, pick)
			RETURNING *
		)
		SELECT jsonb_object_agg(i."player_id", to_jsonb(i)) INTO claimed FROM inserted i;
		UPDATE "games" SET
			"tickets_available" = "tickets_available" - n,
			"tickets_dealt" = "tickets_dealt" + n,
			"event_seq" = "event_seq" + n
		WHERE "id" = p_game_id
			AND "state" = ANY (p_claim_stages)
			AND "room_id" = game."room_id"
			AND "lucky_fate_mode" = game."lucky_fate_mode"
			AND "start_time" > latest
		RETURNING * INTO game;
		IF NOT FOUND THEN
			RAISE EXCEPTION 'game % changed while its claims were dealt', p_game_id
				USING ERRCODE = 'serialization_failure';
		END IF;
		INSERT INTO "game_events" ("game_id", "seq", "type", "event")
		SELECT p_game_id, game."event_seq" - n + d.ord::integer, d.event->>'type', d.event
		FROM unnest(dealt_events) WITH ORDINALITY AS d(event, ord);
	END IF;
	RETURN jsonb_build_object(
		'game', to_jsonb(game),
		'claimed', coalesce(claimed, '{}'::jsonb),
		'answers', (SELECT coalesce(jsonb_agg(a.answer || jsonb_build_object(
				'left', game."tickets_available" + n - a.dealt_then,
				'dealt', game."tickets_dealt" - n + a.dealt_then,
				'seq', game."event_seq" - n + a.dealt_then) ORDER BY a.ord), '[]'::jsonb)
			FROM unnest(answers, counts) WITH ORDINALITY AS a(answer, dealt_then, ord)),
		'barred', barred);
END
$$;
--> statement-breakpoint
-- The previous release's call (0022's signature), during a rolling restart: lane 0, so its
-- claims start at sub-pool 0 and fall back to the others; a {busy} answer it takes for a refusal.
CREATE OR REPLACE FUNCTION "deal_ticket_group"(
	p_game_id uuid,
	p_operator text,
	p_claim_stages text[],
	p_claims jsonb
) RETURNS jsonb LANGUAGE sql AS $$
	SELECT deal_ticket_group(p_game_id, p_operator, p_claim_stages, p_claims, 0)
$$;
