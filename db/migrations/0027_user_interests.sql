CREATE TABLE "user_interests" (
	"user_id" integer PRIMARY KEY NOT NULL,
	"tags" text[] DEFAULT '{}' NOT NULL,
	"region" "region",
	"school" text,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "user_interests" ADD CONSTRAINT "user_interests_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;