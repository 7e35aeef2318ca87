CREATE TABLE "chat_message_days" (
	"club_id" integer DEFAULT 0 NOT NULL,
	"day" date NOT NULL,
	"messages" integer NOT NULL,
	CONSTRAINT "chat_message_days_club_id_day_pk" PRIMARY KEY("club_id","day")
);
--> statement-breakpoint
CREATE TABLE "site_view_days" (
	"day" date PRIMARY KEY NOT NULL,
	"views" integer NOT NULL
);
