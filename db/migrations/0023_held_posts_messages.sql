ALTER TABLE "messages" ADD COLUMN "held" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "posts" ADD COLUMN "held" boolean DEFAULT false NOT NULL;