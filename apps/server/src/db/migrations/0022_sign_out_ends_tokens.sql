-- Signing out ends that session's identity tokens everywhere at once (issue 40): the sessions
-- signed out are kept while their tokens could be unexpired (auth/token-cutoffs.ts), and the
-- deal (0020's deal_ticket_group, same signature) also bars a claim whose token's session
-- (`sessionId`, its `sid`) has ended. A claim without `sessionId` (the previous release, or a
-- token without `sid`) is judged as before.
CREATE TABLE "ended_sessions" (
	"session_id" text PRIMARY KEY NOT NULL,
	"user_id" uuid NOT NULL,
	"ended_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
ALTER TABLE "ended_sessions" ADD CONSTRAINT "ended_sessions_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "ended_sessions_user_idx" ON "ended_sessions" USING btree ("user_id");--> statement-breakpoint
CREATE INDEX "ended_sessions_ended_idx" ON "ended_sessions" USING btree ("ended_at");--> statement-breakpoint
CREATE OR REPLACE FUNCTION "deal_ticket_group"(
	p_game_id uuid,
	p_operator text,
	p_claim_stages text[],
	p_claims jsonb
) RETURNS jsonb LANGUAGE plpgsql AS $$
DECLARE
	game "games";
	item jsonb;
	held jsonb;
	steals jsonb;
	event jsonb;
	claimable boolean;
	answer jsonb;
	answers jsonb[] := '{}';
	dealt_players uuid[] := '{}';
	dealt_indexes integer[] := '{}';
	dealt_picks integer[] := '{}';
	dealt_seqs integer[] := '{}';
	dealt_events jsonb[] := '{}';
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
	SELECT * INTO game FROM "games" WHERE "id" = p_game_id FOR UPDATE;
	IF NOT FOUND THEN
		RETURN jsonb_build_object(
			'game', NULL, 'claimed', '{}'::jsonb, 'answers', '[]'::jsonb, 'barred', barred);
	END IF;
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
			AND game."tickets_available" > 0
		THEN
			game."tickets_available" := game."tickets_available" - 1;
			game."tickets_dealt" := game."tickets_dealt" + 1;
			game."event_seq" := game."event_seq" + 1;
			event := item->'claim' || jsonb_build_object(
				'ticketIndex', game."tickets_dealt" - 1,
				'defaultChoice', CASE WHEN steals ? (item->>'playerId') THEN 'steal' ELSE 'share' END);
			answer := jsonb_build_object('event', event);
			dealt_players := dealt_players || (item->>'playerId')::uuid;
			dealt_indexes := dealt_indexes || (game."tickets_dealt" - 1);
			dealt_picks := dealt_picks || (item->'claim'->>'luckyFatePick')::integer;
			dealt_seqs := dealt_seqs || game."event_seq";
			dealt_events := dealt_events || event;
		END IF;
		answers := answers || (answer || jsonb_build_object(
			'left', game."tickets_available", 'dealt', game."tickets_dealt", 'seq', game."event_seq"));
	END LOOP;

	IF cardinality(dealt_players) > 0 THEN
		INSERT INTO "game_events" ("game_id", "seq", "type", "event")
		SELECT p_game_id, d.seq, d.event->>'type', d.event
		FROM unnest(dealt_seqs, dealt_events) AS d(seq, event);
		WITH inserted AS (
			INSERT INTO "tickets" ("game_id", "player_id", "ticket_index", "lucky_fate_pick")
			SELECT p_game_id, d.player, d.ticket_index, d.pick
			FROM unnest(dealt_players, dealt_indexes, dealt_picks) AS d(player, ticket_index, pick)
			RETURNING *
		)
		SELECT jsonb_object_agg(i."player_id", to_jsonb(i)) INTO claimed FROM inserted i;
		UPDATE "games" SET
			"tickets_available" = game."tickets_available",
			"tickets_dealt" = game."tickets_dealt",
			"event_seq" = game."event_seq"
		WHERE "id" = p_game_id
		RETURNING * INTO game;
	END IF;
	RETURN jsonb_build_object(
		'game', to_jsonb(game),
		'claimed', coalesce(claimed, '{}'::jsonb),
		'answers', to_jsonb(answers),
		'barred', barred);
END
$$;
