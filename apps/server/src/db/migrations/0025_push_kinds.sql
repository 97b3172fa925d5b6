-- Web Push's other kinds (issue 44): rooms followed (a push when their green room opens), the
-- players' switches per kind, whether each winner watched the results (a "you won" push if not),
-- and push_sends keyed by slot: one notification before a show, one after it. The slot column
-- comes before the key that names it (drizzle-kit put the key first). The release before runs
-- on it: its show-start claims take the slot's default.
CREATE TABLE "push_preferences" (
	"user_id" uuid PRIMARY KEY NOT NULL,
	"show_starts" boolean DEFAULT true NOT NULL,
	"followed_rooms" boolean DEFAULT true NOT NULL,
	"wins" boolean DEFAULT true NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "room_follows" (
	"user_id" uuid NOT NULL,
	"room_id" uuid NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "room_follows_user_id_room_id_pk" PRIMARY KEY("user_id","room_id")
);
--> statement-breakpoint
ALTER TABLE "push_sends" DROP CONSTRAINT "push_sends_kind_check";--> statement-breakpoint
ALTER TABLE "push_sends" DROP CONSTRAINT "push_sends_user_id_game_id_pk";--> statement-breakpoint
ALTER TABLE "push_sends" ADD COLUMN "slot" text DEFAULT 'before-show' NOT NULL;--> statement-breakpoint
ALTER TABLE "push_sends" ADD CONSTRAINT "push_sends_user_id_game_id_slot_pk" PRIMARY KEY("user_id","game_id","slot");--> statement-breakpoint
ALTER TABLE "payouts" ADD COLUMN "watched_results" boolean;--> statement-breakpoint
ALTER TABLE "push_preferences" ADD CONSTRAINT "push_preferences_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "room_follows" ADD CONSTRAINT "room_follows_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "room_follows" ADD CONSTRAINT "room_follows_room_id_rooms_id_fk" FOREIGN KEY ("room_id") REFERENCES "public"."rooms"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "room_follows_room_idx" ON "room_follows" USING btree ("room_id");--> statement-breakpoint
ALTER TABLE "push_sends" ADD CONSTRAINT "push_sends_kind_check" CHECK (("push_sends"."slot" = 'before-show' and "push_sends"."kind" in ('show-start', 'green-room')) or ("push_sends"."slot" = 'after-show' and "push_sends"."kind" = 'you-won'));