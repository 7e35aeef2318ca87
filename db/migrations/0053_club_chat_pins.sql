CREATE TABLE "club_chat_pins" (
	"club_id" integer PRIMARY KEY NOT NULL,
	"message_id" bigint NOT NULL,
	"pinned_by" integer,
	"pinned_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "club_chat_pins" ADD CONSTRAINT "club_chat_pins_club_id_clubs_id_fk" FOREIGN KEY ("club_id") REFERENCES "public"."clubs"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "club_chat_pins" ADD CONSTRAINT "club_chat_pins_message_id_messages_id_fk" FOREIGN KEY ("message_id") REFERENCES "public"."messages"("id") ON DELETE cascade ON UPDATE cascade;--> statement-breakpoint
ALTER TABLE "club_chat_pins" ADD CONSTRAINT "club_chat_pins_pinned_by_users_id_fk" FOREIGN KEY ("pinned_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;