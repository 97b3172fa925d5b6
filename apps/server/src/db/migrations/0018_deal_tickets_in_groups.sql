-- Claims answered in groups (tickets.repository.ts; docs/performance.md, "Against a peer: claims
-- in groups"): the claims of one game that arrive while its previous group is being dealt are
-- dealt by one call, one statement and one commit, instead of one each. Each claim is still
-- deal_ticket's (0014), in the order they came, under the same row lock: the group only shares
-- the round trip and the commit. A player holding a ticket, a sold-out pool or a closed game
-- answer as they do alone.
-- If one claim breaks tickets_game_player_key (the same player claiming at once on another
-- process), the whole group is undone and the caller deals its claims one by one.
-- p_claims: [{gameId, roomId, playerId, luckyFateMode, now, claim}], answers: deal_ticket's, in order.
CREATE OR REPLACE FUNCTION "deal_tickets"(
	p_operator text,
	p_claim_stages text[],
	p_claims jsonb
) RETURNS jsonb LANGUAGE plpgsql AS $$
DECLARE
	item jsonb;
	answers jsonb := '[]'::jsonb;
BEGIN
	FOR item IN SELECT value FROM jsonb_array_elements(p_claims) LOOP
		answers := answers || jsonb_build_array(deal_ticket(
			(item->>'gameId')::uuid,
			(item->>'roomId')::uuid,
			(item->>'playerId')::uuid,
			p_operator,
			p_claim_stages,
			item->>'luckyFateMode',
			(item->>'now')::timestamp with time zone,
			item->'claim'));
	END LOOP;
	RETURN answers;
END
$$;
