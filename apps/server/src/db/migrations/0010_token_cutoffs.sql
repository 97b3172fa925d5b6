CREATE TABLE "token_cutoffs" (
	"user_id" uuid PRIMARY KEY NOT NULL,
	"valid_after" timestamp with time zone NOT NULL
);
--> statement-breakpoint
ALTER TABLE "token_cutoffs" ADD CONSTRAINT "token_cutoffs_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;