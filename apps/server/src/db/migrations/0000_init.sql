CREATE TABLE "games" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"room_id" uuid NOT NULL,
	"start_time" timestamp with time zone NOT NULL,
	"state" text DEFAULT 'scheduled' NOT NULL,
	"max_tickets" integer NOT NULL,
	"tickets_available" integer NOT NULL,
	"lucky_fate_mode" text NOT NULL,
	"prize_one_line" integer NOT NULL,
	"prize_two_lines" integer NOT NULL,
	"prize_full_house" integer NOT NULL,
	"seed_hex" text NOT NULL,
	"commitment" text NOT NULL,
	"timings" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"video_source" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "games_tickets_check" CHECK ("games"."tickets_available" between 0 and "games"."max_tickets"),
	CONSTRAINT "games_lucky_fate_mode_check" CHECK ("games"."lucky_fate_mode" in ('pre-game', 'in-game')),
	CONSTRAINT "games_state_check" CHECK ("games"."state" in ('scheduled', 'green-room', 'reels', 'lucky-fate', 'draw', 'ruthless', 'reveal', 'ended', 'cancelled'))
);
--> statement-breakpoint
CREATE TABLE "rooms" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"operator" text DEFAULT 'enlivon' NOT NULL,
	"name" text NOT NULL,
	"image" text NOT NULL,
	"theme" text DEFAULT 'DEFAULT' NOT NULL,
	"is_demo" boolean DEFAULT false NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "rooms_theme_check" CHECK ("rooms"."theme" in ('RED', 'GOLD', 'GREEN', 'DEFAULT'))
);
--> statement-breakpoint
ALTER TABLE "games" ADD CONSTRAINT "games_room_id_rooms_id_fk" FOREIGN KEY ("room_id") REFERENCES "public"."rooms"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "games_room_start_key" ON "games" USING btree ("room_id","start_time");--> statement-breakpoint
CREATE INDEX "games_start_time_idx" ON "games" USING btree ("start_time");--> statement-breakpoint
CREATE UNIQUE INDEX "rooms_operator_name_key" ON "rooms" USING btree ("operator","name");