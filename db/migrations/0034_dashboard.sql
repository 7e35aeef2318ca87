CREATE TABLE "club_member_departures" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "club_member_departures_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"club_id" integer NOT NULL,
	"joined_at" timestamp with time zone NOT NULL,
	"left_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "join_request_outcomes" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "join_request_outcomes_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"club_id" integer NOT NULL,
	"requested_at" timestamp with time zone NOT NULL,
	"answered_at" timestamp with time zone DEFAULT now() NOT NULL,
	"outcome" text NOT NULL
);
--> statement-breakpoint
CREATE TABLE "post_view_days" (
	"post_id" integer NOT NULL,
	"club_id" integer NOT NULL,
	"day" date NOT NULL,
	"views" integer DEFAULT 0 NOT NULL,
	CONSTRAINT "post_view_days_post_id_day_pk" PRIMARY KEY("post_id","day")
);
--> statement-breakpoint
ALTER TABLE "club_member_departures" ADD CONSTRAINT "club_member_departures_club_id_clubs_id_fk" FOREIGN KEY ("club_id") REFERENCES "public"."clubs"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "join_request_outcomes" ADD CONSTRAINT "join_request_outcomes_club_id_clubs_id_fk" FOREIGN KEY ("club_id") REFERENCES "public"."clubs"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "post_view_days" ADD CONSTRAINT "post_view_days_post_id_posts_id_fk" FOREIGN KEY ("post_id") REFERENCES "public"."posts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "post_view_days" ADD CONSTRAINT "post_view_days_club_id_clubs_id_fk" FOREIGN KEY ("club_id") REFERENCES "public"."clubs"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "club_member_departures_club_left_idx" ON "club_member_departures" USING btree ("club_id","left_at");--> statement-breakpoint
CREATE INDEX "club_member_departures_club_joined_idx" ON "club_member_departures" USING btree ("club_id","joined_at");--> statement-breakpoint
CREATE INDEX "club_member_departures_left_idx" ON "club_member_departures" USING btree ("left_at");--> statement-breakpoint
CREATE INDEX "club_member_departures_joined_idx" ON "club_member_departures" USING btree ("joined_at");--> statement-breakpoint
CREATE INDEX "join_request_outcomes_club_requested_idx" ON "join_request_outcomes" USING btree ("club_id","requested_at","outcome","answered_at");--> statement-breakpoint
CREATE INDEX "join_request_outcomes_requested_idx" ON "join_request_outcomes" USING btree ("requested_at","outcome","answered_at");--> statement-breakpoint
CREATE INDEX "post_view_days_club_day_idx" ON "post_view_days" USING btree ("club_id","day","views");--> statement-breakpoint
CREATE INDEX "post_view_days_day_idx" ON "post_view_days" USING btree ("day","views");--> statement-breakpoint
CREATE INDEX "messages_club_created_idx" ON "messages" USING btree ("club_id","created_at") WHERE "messages"."club_id" is not null and not "messages"."held";--> statement-breakpoint
CREATE INDEX "messages_created_idx" ON "messages" USING btree ("created_at") WHERE not "messages"."held";--> statement-breakpoint
CREATE INDEX "club_members_club_joined_idx" ON "club_members" USING btree ("club_id","joined_at");--> statement-breakpoint
CREATE INDEX "club_members_joined_idx" ON "club_members" USING btree ("joined_at");--> statement-breakpoint
CREATE INDEX "connection_requests_club_created_idx" ON "connection_requests" USING btree ("club_id","created_at");--> statement-breakpoint
CREATE INDEX "connection_requests_created_idx" ON "connection_requests" USING btree ("created_at");