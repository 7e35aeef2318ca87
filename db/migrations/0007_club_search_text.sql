ALTER TABLE "clubs" ADD COLUMN "search_text" text GENERATED ALWAYS AS (f_unaccent(lower(name || ' ' || description || ' ' || coalesce(profile_description, '') || ' ' || tags))) STORED NOT NULL;--> statement-breakpoint
CREATE INDEX "clubs_search_text_trgm_idx" ON "clubs" USING gin ("search_text" gin_trgm_ops);--> statement-breakpoint
-- The expression index of 0002 is replaced by the index on the stored column.
DROP INDEX IF EXISTS "clubs_search_trgm_idx";
