ALTER TABLE "messages" ADD COLUMN "image_id" text;--> statement-breakpoint
ALTER TABLE "messages" ADD CONSTRAINT "messages_image_id_uploads_id_fk" FOREIGN KEY ("image_id") REFERENCES "public"."uploads"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "messages_image_idx" ON "messages" USING btree ("image_id") WHERE "messages"."image_id" is not null;