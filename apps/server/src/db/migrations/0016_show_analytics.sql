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
	CONSTRAINT "show_outcomes_outcome_check" CHECK ("show_outcomes"."outcome" in ('all-share', 'some-steal', 'all-steal', 'no-final'))
);
--> statement-breakpoint
ALTER TABLE "show_outcomes" ADD CONSTRAINT "show_outcomes_game_id_games_id_fk" FOREIGN KEY ("game_id") REFERENCES "public"."games"("id") ON DELETE cascade ON UPDATE no action;