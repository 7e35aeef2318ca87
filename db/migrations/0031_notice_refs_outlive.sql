ALTER TABLE "user_notices" DROP CONSTRAINT "user_notices_actor_id_users_id_fk";
--> statement-breakpoint
ALTER TABLE "user_notices" DROP CONSTRAINT "user_notices_post_id_posts_id_fk";
--> statement-breakpoint
ALTER TABLE "user_notices" ADD CONSTRAINT "user_notices_actor_id_users_id_fk" FOREIGN KEY ("actor_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "user_notices" ADD CONSTRAINT "user_notices_post_id_posts_id_fk" FOREIGN KEY ("post_id") REFERENCES "public"."posts"("id") ON DELETE set null ON UPDATE no action;