-- The claim of a ticket (tickets.repository.ts, docs/performance.md "Claims") as a function:
-- PL/pgSQL keeps its statements' plans for the session, so a claim is parsed and planned once
-- per connection (PGlite has no prepared statements) and is one short round trip.
-- The player's ticket, if any, is the answer; else the guarded update of the game row deals one
-- (it only decrements while tickets remain and the game is open, and concurrent claims queue on
-- the row's lock, from any number of processes: overselling is impossible); the TicketClaimed
-- event of @ruthless/game and the ticket are inserted in the same statement, so they commit
-- together. The same player claiming twice at once: both pass the held check, the second ticket
-- insert breaks tickets_game_player_key and the whole call is undone (the caller retries).
-- Answers {held, game} | {claimed, game} | {game} (a refusal; game null when there is none), the
-- game as the claim left it.
CREATE FUNCTION "claim_ticket"(
	p_game_id uuid,
	p_room_id uuid,
	p_player_id uuid,
	p_operator text,
	p_lucky_fate_mode text,
	p_lucky_fate_pick integer,
	p_now timestamp with time zone,
	p_at bigint
) RETURNS jsonb LANGUAGE plpgsql AS $$
DECLARE
	held "tickets";
	dealt "games";
	claimed "tickets";
BEGIN
	SELECT * INTO held FROM "tickets" WHERE "game_id" = p_game_id AND "player_id" = p_player_id;
	IF FOUND THEN
		RETURN jsonb_build_object(
			'held', to_jsonb(held),
			'game', (SELECT to_jsonb(g) FROM "games" g WHERE g."id" = p_game_id));
	END IF;
	UPDATE "games" SET
		"tickets_available" = "tickets_available" - 1,
		"tickets_dealt" = "tickets_dealt" + 1,
		"event_seq" = "event_seq" + 1
	WHERE "id" = p_game_id
		AND "room_id" = p_room_id
		AND "state" IN ('scheduled', 'green-room')
		AND "lucky_fate_mode" = p_lucky_fate_mode
		AND "start_time" > p_now
		AND "tickets_available" > 0
	RETURNING * INTO dealt;
	IF NOT FOUND THEN
		RETURN jsonb_build_object('game', (SELECT to_jsonb(g) FROM "games" g WHERE g."id" = p_game_id));
	END IF;
	INSERT INTO "game_events" ("game_id", "seq", "type", "event") VALUES (
		dealt."id",
		dealt."event_seq",
		'ticket-claimed',
		jsonb_build_object(
			'type', 'ticket-claimed',
			'at', p_at,
			'ticketIndex', dealt."tickets_dealt" - 1,
			'playerId', p_player_id::text,
			'defaultChoice', CASE WHEN (
				SELECT "default_choice" FROM "player_profiles"
				WHERE "user_id" = p_player_id AND "operator" = p_operator
			) = 'steal' THEN 'steal' ELSE 'share' END,
			'luckyFatePick', p_lucky_fate_pick));
	INSERT INTO "tickets" ("game_id", "player_id", "ticket_index", "lucky_fate_pick")
	VALUES (dealt."id", p_player_id, dealt."tickets_dealt" - 1, p_lucky_fate_pick)
	RETURNING * INTO claimed;
	RETURN jsonb_build_object('claimed', to_jsonb(claimed), 'game', to_jsonb(dealt));
END
$$;
