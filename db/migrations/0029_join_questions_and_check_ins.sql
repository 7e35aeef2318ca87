CREATE TABLE "event_check_in_keys" (
	"post_id" integer PRIMARY KEY NOT NULL,
	"secret" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "event_check_ins" (
	"post_id" integer NOT NULL,
	"user_id" integer NOT NULL,
	"checked_in_at" timestamp with time zone NOT NULL,
	"added_by" integer,
	CONSTRAINT "event_check_ins_post_id_user_id_pk" PRIMARY KEY("post_id","user_id")
);
--> statement-breakpoint
ALTER TABLE "club_members" ADD COLUMN "join_answers" jsonb;--> statement-breakpoint
ALTER TABLE "clubs" ADD COLUMN "join_questions" jsonb DEFAULT '[]'::jsonb NOT NULL;--> statement-breakpoint
ALTER TABLE "connection_requests" ADD COLUMN "answers" jsonb;--> statement-breakpoint
ALTER TABLE "event_check_in_keys" ADD CONSTRAINT "event_check_in_keys_post_id_posts_id_fk" FOREIGN KEY ("post_id") REFERENCES "public"."posts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "event_check_ins" ADD CONSTRAINT "event_check_ins_post_id_posts_id_fk" FOREIGN KEY ("post_id") REFERENCES "public"."posts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "event_check_ins" ADD CONSTRAINT "event_check_ins_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "event_check_ins" ADD CONSTRAINT "event_check_ins_added_by_users_id_fk" FOREIGN KEY ("added_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "event_check_ins_user_idx" ON "event_check_ins" USING btree ("user_id");