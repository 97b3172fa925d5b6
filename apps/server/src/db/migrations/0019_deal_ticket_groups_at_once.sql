-- A group of claims dealt as a set (tickets.repository.ts; docs/performance.md, "Claims: the group
-- as a set"): deal_tickets (0018) ran deal_ticket once per claim, so a group of 256 updated the
-- game's row 256 times, looked each player up three times and copied its growing answer at every
-- claim. This deals the same tickets with the same answers: the game's row is locked once, the
-- group's held tickets and default choices are read once, and the dealt tickets and their events
-- are written by one INSERT each and the counters by one UPDATE.
-- Each claim is judged in the order it came, as deal_ticket judges it: a held ticket is the
-- answer; otherwise it is dealt if the game is in a claim stage, of its room and lucky-fate mode,
-- not started at the claim's time and not sold out.
-- Every claim is for p_game_id, from distinct players (the caller splits a player's second claim
-- off). A player claiming at once on another process breaks tickets_game_player_key and undoes
-- the group, as before. deal_tickets stays for processes of the previous release during a
-- rolling restart.
-- p_claims: [{roomId, playerId, luckyFateMode, now, claim}]. The answer: {game: the row after the
-- group (null: no such game), claimed: {playerId: ticket row}, answers: per claim, in order,
-- {held?: ticket row, event?: the stored event, left, dealt, seq: the row's counters as that claim
-- left them}}.
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
BEGIN
	SELECT * INTO game FROM "games" WHERE "id" = p_game_id FOR UPDATE;
	IF NOT FOUND THEN
		RETURN jsonb_build_object('game', NULL, 'claimed', '{}'::jsonb, 'answers', '[]'::jsonb);
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
		IF held ? (item->>'playerId') THEN
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
		'answers', to_jsonb(answers));
END
$$;
