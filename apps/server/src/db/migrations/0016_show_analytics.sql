CREATE TABLE "room_week_players" (
	"room_id" uuid NOT NULL,
	"week_start" date NOT NULL,
	"player_id" uuid NOT NULL,
	CONSTRAINT "room_week_players_room_id_week_start_player_id_pk" PRIMARY KEY("room_id","week_start","player_id")
);
--> statement-breakpoint
CREATE TABLE "show_live_samples" (
	"game_id" uuid NOT NULL,
	"at" timestamp with time zone NOT NULL,
	"process_id" text NOT NULL,
	"viewers" integer NOT NULL,
	"reconnects" integer DEFAULT 0 NOT NULL,
	CONSTRAINT "show_live_samples_game_id_at_process_id_pk" PRIMARY KEY("game_id","at","process_id")
);
--> statement-breakpoint
CREATE TABLE "show_outcomes" (
	"game_id" uuid PRIMARY KEY NOT NULL,
	"outcome" text NOT NULL,
	"pot_pence" integer NOT NULL,
	"paid_pence" integer NOT NULL,
	"rollover_out_pence" integer NOT NULL,
	"players" integer NOT NULL,
	CONSTRAINT "show_outcomes_outcome_check" CHECK ("show_outcomes"."outcome" in ('all-share', 'some-steal', 'all-steal', 'no-final'))
);
--> statement-breakpoint
ALTER TABLE "room_week_players" ADD CONSTRAINT "room_week_players_room_id_rooms_id_fk" FOREIGN KEY ("room_id") REFERENCES "public"."rooms"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "room_week_players" ADD CONSTRAINT "room_week_players_player_id_users_id_fk" FOREIGN KEY ("player_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "show_outcomes" ADD CONSTRAINT "show_outcomes_game_id_games_id_fk" FOREIGN KEY ("game_id") REFERENCES "public"."games"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
-- Shows that ended before analytics: each week's players from their tickets (their outcomes were never kept).
INSERT INTO "room_week_players" ("room_id", "week_start", "player_id")
SELECT DISTINCT g."room_id", date_trunc('week', g."start_time" AT TIME ZONE 'UTC')::date, t."player_id"
FROM "games" g JOIN "tickets" t ON t."game_id" = g."id" AND t."released_at" IS NULL
WHERE g."state" = 'ended';
