CREATE TABLE "club_officers" (
	"club_id" integer NOT NULL,
	"user_id" integer NOT NULL,
	"title" text NOT NULL,
	"permissions" text[] DEFAULT '{}'::text[] NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "club_officers_club_id_user_id_pk" PRIMARY KEY("club_id","user_id"),
	CONSTRAINT "club_officers_permissions_known" CHECK ("club_officers"."permissions" <@ array['accept_requests','post','check_in','moderate_chat','edit_club']::text[])
);
--> statement-breakpoint
CREATE TABLE "club_transfers" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "club_transfers_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"club_id" integer NOT NULL,
	"from_user_id" integer,
	"to_user_id" integer NOT NULL,
	"offered_by" integer,
	"previous_owner_title" text,
	"previous_owner_permissions" text[] DEFAULT '{}'::text[] NOT NULL,
	"previous_owner_leaves" boolean DEFAULT false NOT NULL,
	"status" text DEFAULT 'offered' NOT NULL,
	"owner_request_id" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"decided_at" timestamp with time zone
);
--> statement-breakpoint
ALTER TABLE "club_officers" ADD CONSTRAINT "club_officers_club_id_user_id_club_members_club_id_user_id_fk" FOREIGN KEY ("club_id","user_id") REFERENCES "public"."club_members"("club_id","user_id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "club_transfers" ADD CONSTRAINT "club_transfers_club_id_clubs_id_fk" FOREIGN KEY ("club_id") REFERENCES "public"."clubs"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "club_transfers" ADD CONSTRAINT "club_transfers_from_user_id_users_id_fk" FOREIGN KEY ("from_user_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "club_transfers" ADD CONSTRAINT "club_transfers_to_user_id_users_id_fk" FOREIGN KEY ("to_user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "club_transfers" ADD CONSTRAINT "club_transfers_offered_by_users_id_fk" FOREIGN KEY ("offered_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "club_transfers" ADD CONSTRAINT "club_transfers_owner_request_id_owner_requests_id_fk" FOREIGN KEY ("owner_request_id") REFERENCES "public"."owner_requests"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "club_officers_user_idx" ON "club_officers" USING btree ("user_id");--> statement-breakpoint
CREATE UNIQUE INDEX "club_transfers_open_key" ON "club_transfers" USING btree ("club_id") WHERE status in ('offered', 'awaiting_approval');--> statement-breakpoint
CREATE INDEX "club_transfers_to_user_idx" ON "club_transfers" USING btree ("to_user_id");--> statement-breakpoint
CREATE INDEX "club_transfers_owner_request_idx" ON "club_transfers" USING btree ("owner_request_id");