-- A break or self-exclusion outlives its account (issue 40): kept under a keyed hash of the
-- email and of the Google subject until it ends, and given back to a new account with either.
CREATE TABLE "kept_breaks" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"identity" text NOT NULL,
	"key_version" integer NOT NULL,
	"kind" text NOT NULL,
	"period" text NOT NULL,
	"started_at" timestamp with time zone NOT NULL,
	"ends_at" timestamp with time zone NOT NULL,
	CONSTRAINT "kept_breaks_kind_check" CHECK ("kept_breaks"."kind" in ('break', 'self-exclusion'))
);
--> statement-breakpoint
CREATE INDEX "kept_breaks_identity_idx" ON "kept_breaks" USING btree ("identity","ends_at");--> statement-breakpoint
CREATE INDEX "kept_breaks_ends_idx" ON "kept_breaks" USING btree ("ends_at");
