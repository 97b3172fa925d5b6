ALTER TABLE "games" ADD COLUMN "result_names" jsonb;--> statement-breakpoint
ALTER TABLE "games" ADD COLUMN "ended_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "rooms" ADD COLUMN "rollover_pence" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
-- An all-steal pot that found no game of its room to roll into waits in rooms.rollover_pence
-- (live.repository.ts rollOver); whatever inserts games (the host, a repeating schedule, the demo
-- schedule) then hands it to the room's next game whose reels have not begun, in the same
-- transaction, so no path can forget it and no pot is given twice (the room's row is locked).
CREATE FUNCTION "games_take_room_rollover"() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
	waiting record;
	next_game uuid;
BEGIN
	FOR waiting IN
		SELECT "id", "rollover_pence" FROM "rooms" WHERE "rollover_pence" > 0 FOR UPDATE
	LOOP
		SELECT "id" INTO next_game FROM "games"
			WHERE "room_id" = waiting."id" AND "state" IN ('scheduled', 'green-room')
			ORDER BY "start_time" LIMIT 1;
		IF next_game IS NOT NULL THEN
			UPDATE "games" SET "rollover_pence" = "rollover_pence" + waiting."rollover_pence"
				WHERE "id" = next_game;
			UPDATE "rooms" SET "rollover_pence" = 0 WHERE "id" = waiting."id";
		END IF;
	END LOOP;
	RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER "games_take_room_rollover" AFTER INSERT ON "games"
	FOR EACH STATEMENT EXECUTE FUNCTION "games_take_room_rollover"();
