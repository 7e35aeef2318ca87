CREATE TABLE "upload_variants" (
	"upload_id" text NOT NULL,
	"width" integer NOT NULL,
	"content_type" text NOT NULL,
	"data" "bytea" NOT NULL,
	"byte_size" integer NOT NULL,
	"height" integer NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "upload_variants_upload_id_width_pk" PRIMARY KEY("upload_id","width")
);
--> statement-breakpoint
ALTER TABLE "upload_variants" ADD CONSTRAINT "upload_variants_upload_id_uploads_id_fk" FOREIGN KEY ("upload_id") REFERENCES "public"."uploads"("id") ON DELETE cascade ON UPDATE no action;