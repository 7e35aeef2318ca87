-- Club search: case- and accent-insensitive, typo-tolerant matching over name, both
-- descriptions and tags (pg_trgm on the unaccented, lower-cased text). The expressions here
-- must stay identical to the ones in src/features/clubs/queries.ts or the planner ignores them.
CREATE INDEX IF NOT EXISTS clubs_search_trgm_idx ON clubs USING gin (
  f_unaccent(lower(name || ' ' || description || ' ' || coalesce(profile_description, '') || ' ' || tags)) gin_trgm_ops
);
--> statement-breakpoint
-- Exact tag filter (?tag=): tags are stored as "a, b, c"; the array of folded tags is indexed.
CREATE INDEX IF NOT EXISTS clubs_tags_folded_idx ON clubs USING gin (
  string_to_array(f_unaccent(lower(tags)), ', ')
);
--> statement-breakpoint
-- Default list order and the top-clubs score both start from member_count.
CREATE INDEX IF NOT EXISTS clubs_member_count_idx ON clubs (member_count DESC, id);
