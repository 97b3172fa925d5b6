-- The claim of a ticket through the engine (tickets.repository.ts, docs/architecture.md "A claim's
-- trip"): the same one short round trip as claim_ticket (0007), but the rule's stages come from
-- @ruthless/game (CLAIM_STAGES) and the event is the engine's (ticketClaim): this function only
-- deals, under the game's row lock, the two facts the event cannot know before: the next ticket
-- index and the default choice of the player's profile. The engine's reducer then folds the stored
-- event into the live game. claim_ticket stays for processes of the previous release during a
-- rolling deploy.
-- The player's ticket, if any, is the answer; else the guarded update of the game row deals one
-- (it only decrements while tickets remain and the game takes claims, and concurrent claims queue
-- on the row's lock, from any number of processes: overselling is impossible); the event and the
-- ticket are inserted in the same statement, so they commit together. The same player claiming
-- twice at once: both pass the held check, the second ticket insert breaks tickets_game_player_key
-- and the whole call is undone (the caller retries).
-- Answers {held, game} | {claimed, game, event} | {game} (a refusal; game null when there is none),
-- the game as the claim left it.
CREATE OR REPLACE FUNCTION "deal_ticket"(
	p_game_id uuid,
	p_room_id uuid,
	p_player_id uuid,
	p_operator text,
	p_claim_stages text[],
	p_lucky_fate_mode text,
	p_now timestamp with time zone,
	p_claim jsonb
) RETURNS jsonb LANGUAGE plpgsql AS $$
DECLARE
	held "tickets";
	dealt "games";
	claimed "tickets";
	event jsonb;
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
		AND "state" = ANY (p_claim_stages)
		AND "lucky_fate_mode" = p_lucky_fate_mode
		AND "start_time" > p_now
		AND "tickets_available" > 0
	RETURNING * INTO dealt;
	IF NOT FOUND THEN
		RETURN jsonb_build_object('game', (SELECT to_jsonb(g) FROM "games" g WHERE g."id" = p_game_id));
	END IF;
	event := p_claim || jsonb_build_object(
		'ticketIndex', dealt."tickets_dealt" - 1,
		'defaultChoice', CASE WHEN (
			SELECT "default_choice" FROM "player_profiles"
			WHERE "user_id" = p_player_id AND "operator" = p_operator
		) = 'steal' THEN 'steal' ELSE 'share' END);
	INSERT INTO "game_events" ("game_id", "seq", "type", "event")
	VALUES (dealt."id", dealt."event_seq", event->>'type', event);
	INSERT INTO "tickets" ("game_id", "player_id", "ticket_index", "lucky_fate_pick")
	VALUES (dealt."id", p_player_id, dealt."tickets_dealt" - 1, (p_claim->>'luckyFatePick')::integer)
	RETURNING * INTO claimed;
	RETURN jsonb_build_object('claimed', to_jsonb(claimed), 'game', to_jsonb(dealt), 'event', event);
END
$$;
