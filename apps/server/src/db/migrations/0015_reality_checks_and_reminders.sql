ALTER TABLE "player_profiles" ADD COLUMN "reality_check_minutes" integer DEFAULT 60;--> statement-breakpoint
ALTER TABLE "player_profiles" ADD COLUMN "remind_every_show" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "player_profiles" ADD CONSTRAINT "player_profiles_reality_check_minutes_check" CHECK ("player_profiles"."reality_check_minutes" is null or "player_profiles"."reality_check_minutes" between 15 and 120);--> statement-breakpoint
CREATE TABLE "show_reminders" (
	"user_id" uuid NOT NULL,
	"game_id" uuid NOT NULL,
	"source" text NOT NULL,
	"asked_at" timestamp with time zone DEFAULT now() NOT NULL,
	"sent_at" timestamp with time zone,
	"sent_kind" text,
	CONSTRAINT "show_reminders_user_id_game_id_pk" PRIMARY KEY("user_id","game_id"),
	CONSTRAINT "show_reminders_source_check" CHECK ("show_reminders"."source" in ('asked', 'every-show')),
	CONSTRAINT "show_reminders_sent_kind_check" CHECK ("show_reminders"."sent_kind" is null or "show_reminders"."sent_kind" in ('reminder', 'cancellation'))
);
--> statement-breakpoint
ALTER TABLE "show_reminders" ADD CONSTRAINT "show_reminders_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "show_reminders" ADD CONSTRAINT "show_reminders_game_id_games_id_fk" FOREIGN KEY ("game_id") REFERENCES "public"."games"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "show_reminders_game_idx" ON "show_reminders" USING btree ("game_id");
