ALTER TABLE "event_check_ins" ADD COLUMN "status" text DEFAULT 'present' NOT NULL;--> statement-breakpoint
ALTER TABLE "event_check_ins" ADD COLUMN "received_at" timestamp with time zone DEFAULT now() NOT NULL;--> statement-breakpoint
ALTER TABLE "event_check_ins" ADD COLUMN "reviewed_by" integer;--> statement-breakpoint
ALTER TABLE "event_check_ins" ADD COLUMN "reviewed_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "event_check_ins" ADD CONSTRAINT "event_check_ins_reviewed_by_users_id_fk" FOREIGN KEY ("reviewed_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "event_check_ins" ADD CONSTRAINT "event_check_ins_status" CHECK ("event_check_ins"."status" in ('present', 'pending', 'rejected'));