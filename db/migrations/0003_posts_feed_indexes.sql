ALTER TABLE "posts" ADD COLUMN "thumbnail_id" text;--> statement-breakpoint
ALTER TABLE "posts" ADD CONSTRAINT "posts_thumbnail_id_uploads_id_fk" FOREIGN KEY ("thumbnail_id") REFERENCES "public"."uploads"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "posts_relevance_idx" ON "posts" USING btree (("like_count" + "favorite_count" + "comment_count"),"created_at","id");--> statement-breakpoint
CREATE INDEX "posts_liked_idx" ON "posts" USING btree ("like_count","created_at","id");--> statement-breakpoint
CREATE INDEX "posts_club_created_id_idx" ON "posts" USING btree ("club_id","created_at","id");