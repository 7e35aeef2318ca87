DROP INDEX "messages_club_created_idx";--> statement-breakpoint
DROP INDEX "messages_created_idx";--> statement-breakpoint
DROP INDEX "join_request_outcomes_club_requested_idx";--> statement-breakpoint
DROP INDEX "join_request_outcomes_requested_idx";--> statement-breakpoint
DROP INDEX "post_view_days_club_day_idx";--> statement-breakpoint
DROP INDEX "post_view_days_day_idx";--> statement-breakpoint
CREATE INDEX "messages_club_created_idx" ON "messages" USING btree ("club_id","created_at") WHERE "messages"."club_id" is not null and not "messages"."held";--> statement-breakpoint
CREATE INDEX "messages_created_idx" ON "messages" USING btree ("created_at") WHERE not "messages"."held";--> statement-breakpoint
CREATE INDEX "join_request_outcomes_club_requested_idx" ON "join_request_outcomes" USING btree ("club_id","requested_at","outcome","answered_at");--> statement-breakpoint
CREATE INDEX "join_request_outcomes_requested_idx" ON "join_request_outcomes" USING btree ("requested_at","outcome","answered_at");--> statement-breakpoint
CREATE INDEX "post_view_days_club_day_idx" ON "post_view_days" USING btree ("club_id","day","views");--> statement-breakpoint
CREATE INDEX "post_view_days_day_idx" ON "post_view_days" USING btree ("day","views");