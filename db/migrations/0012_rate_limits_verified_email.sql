CREATE TABLE "rate_limits" (
	"key" text PRIMARY KEY NOT NULL,
	"window_index" bigint NOT NULL,
	"count" integer NOT NULL,
	"previous_count" integer DEFAULT 0 NOT NULL,
	"expires_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
DROP INDEX "users_email_key";--> statement-breakpoint
CREATE INDEX "rate_limits_expires_idx" ON "rate_limits" USING btree ("expires_at");--> statement-breakpoint
CREATE UNIQUE INDEX "users_verified_email_key" ON "users" USING btree ("email") WHERE email_verified;--> statement-breakpoint
CREATE INDEX "users_email_idx" ON "users" USING btree ("email");