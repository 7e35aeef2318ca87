ALTER TABLE "messages" DROP CONSTRAINT "messages_one_target";--> statement-breakpoint
ALTER TABLE "messages" ADD COLUMN "announcement_club_id" integer;--> statement-breakpoint
ALTER TABLE "messages" ADD CONSTRAINT "messages_announcement_club_id_clubs_id_fk" FOREIGN KEY ("announcement_club_id") REFERENCES "public"."clubs"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "messages_announcement_idx" ON "messages" USING btree ("announcement_club_id","id") WHERE "messages"."announcement_club_id" is not null;--> statement-breakpoint
CREATE INDEX "messages_announcement_change_idx" ON "messages" USING btree ("announcement_club_id","change_seq") WHERE "messages"."change_seq" is not null and "messages"."announcement_club_id" is not null;--> statement-breakpoint
ALTER TABLE "messages" ADD CONSTRAINT "messages_one_target" CHECK (num_nonnulls("messages"."recipient_id", "messages"."club_id", "messages"."announcement_club_id") = 1);