ALTER TABLE "user_notices" ADD COLUMN "actor_id" integer;--> statement-breakpoint
ALTER TABLE "user_notices" ADD COLUMN "post_id" integer;--> statement-breakpoint
ALTER TABLE "user_notices" ADD COLUMN "conversation_key" text;--> statement-breakpoint
ALTER TABLE "user_notices" ADD COLUMN "count" integer DEFAULT 1 NOT NULL;--> statement-breakpoint
ALTER TABLE "user_notices" ADD COLUMN "until" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "user_notices" ADD COLUMN "role" text;--> statement-breakpoint
ALTER TABLE "user_notices" ADD COLUMN "muted" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "user_notices" ADD COLUMN "read_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "user_notices" ADD COLUMN "updated_at" timestamp with time zone DEFAULT now() NOT NULL;--> statement-breakpoint
ALTER TABLE "user_notices" ADD CONSTRAINT "user_notices_actor_id_users_id_fk" FOREIGN KEY ("actor_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "user_notices" ADD CONSTRAINT "user_notices_post_id_posts_id_fk" FOREIGN KEY ("post_id") REFERENCES "public"."posts"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "user_notices_unread_idx" ON "user_notices" USING btree ("user_id") WHERE read_at is null;--> statement-breakpoint
CREATE INDEX "user_notices_list_idx" ON "user_notices" USING btree ("user_id","updated_at","id");--> statement-breakpoint
CREATE UNIQUE INDEX "user_notices_open_conversation_key" ON "user_notices" USING btree ("user_id","conversation_key") WHERE read_at is null and conversation_key is not null;