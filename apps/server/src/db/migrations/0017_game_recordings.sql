ALTER TABLE "games" ADD COLUMN "recording_url" text;--> statement-breakpoint
ALTER TABLE "games" ADD COLUMN "recording_started_at" timestamp with time zone;