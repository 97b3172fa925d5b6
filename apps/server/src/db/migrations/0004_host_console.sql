CREATE TABLE "host_audit" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"user_id" uuid,
	"user_email" text,
	"action" text NOT NULL,
	"room_id" uuid,
	"game_id" uuid,
	"target_id" text,
	"status_code" integer NOT NULL,
	"at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "rooms" ADD COLUMN "archived_at" timestamp with time zone;--> statement-breakpoint
CREATE INDEX "host_audit_room_idx" ON "host_audit" USING btree ("room_id","at");--> statement-breakpoint
CREATE INDEX "host_audit_game_idx" ON "host_audit" USING btree ("game_id","at");--> statement-breakpoint
CREATE INDEX "host_audit_at_idx" ON "host_audit" USING btree ("at");