CREATE TABLE "tickets" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"game_id" uuid NOT NULL,
	"player_id" uuid NOT NULL,
	"ticket_index" integer NOT NULL,
	"numbers" jsonb NOT NULL,
	"lucky_fate_pick" integer,
	"claimed_at" timestamp with time zone DEFAULT now() NOT NULL,
	"released_at" timestamp with time zone,
	CONSTRAINT "tickets_lucky_fate_pick_check" CHECK ("tickets"."lucky_fate_pick" between 0 and 2)
);
--> statement-breakpoint
ALTER TABLE "games" ADD COLUMN "tickets_dealt" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "tickets" ADD CONSTRAINT "tickets_game_id_games_id_fk" FOREIGN KEY ("game_id") REFERENCES "public"."games"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "tickets" ADD CONSTRAINT "tickets_player_id_users_id_fk" FOREIGN KEY ("player_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "tickets_game_player_key" ON "tickets" USING btree ("game_id","player_id");--> statement-breakpoint
CREATE UNIQUE INDEX "tickets_game_index_key" ON "tickets" USING btree ("game_id","ticket_index");--> statement-breakpoint
CREATE INDEX "tickets_player_idx" ON "tickets" USING btree ("player_id");