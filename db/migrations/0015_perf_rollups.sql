-- Issue 21: statements whose cost grew with the data, kept up to date incrementally instead.
--
-- 1. Search: pg_trgm declares the function behind `<%` with COST 1, so the planner priced a
--    sequential scan that computes word similarity for every club far too low and the app had
--    to turn seq scans off in a transaction. Priced like the work it does, the trigram index
--    plan is chosen on its own. Only the function's owner may change it (the extension's owner,
--    a superuser on managed PostgreSQL): without that right the search still answers the same,
--    through the slower plan, and the notice says why.
DO $$
BEGIN
  ALTER FUNCTION word_similarity_op(text, text) COST 2000;
  ALTER FUNCTION word_similarity_commutator_op(text, text) COST 2000;
EXCEPTION WHEN insufficient_privilege THEN
  RAISE NOTICE 'pg_trgm word similarity keeps COST 1 (not the owner): club search uses a slower plan';
END
$$;
--> statement-breakpoint

-- 2. Tag counts (GET /api/clubs/tags and the /clubs page): one row per folded tag (case and
--    accents ignored) with its display form (the smallest spelling, as min() chose) and the
--    number of clubs carrying it. A write to clubs recounts only the tags it touched.
CREATE TABLE club_tag_counts (
  folded text PRIMARY KEY,
  tag text NOT NULL,
  clubs integer NOT NULL
);
--> statement-breakpoint
CREATE INDEX club_tag_counts_order_idx ON club_tag_counts (clubs DESC, tag);
--> statement-breakpoint
CREATE OR REPLACE FUNCTION club_tags_folded(tags text) RETURNS SETOF text
LANGUAGE sql IMMUTABLE AS $$
  SELECT DISTINCT f_unaccent(lower(trim(t))) FROM unnest(string_to_array(tags, ',')) AS t WHERE trim(t) <> ''
$$;
--> statement-breakpoint
CREATE OR REPLACE FUNCTION recount_club_tags(folded_tags text[]) RETURNS void
LANGUAGE plpgsql AS $$
BEGIN
  -- Writers of the same tags take turns, so each recount sees the other's committed clubs.
  PERFORM pg_advisory_xact_lock(hashtext('club_tag_counts'));
  DELETE FROM club_tag_counts WHERE folded = ANY (folded_tags);
  INSERT INTO club_tag_counts (folded, tag, clubs)
  SELECT f_unaccent(lower(trim(t.tag))), min(trim(t.tag)), count(DISTINCT c.id)
  FROM clubs c
  CROSS JOIN unnest(string_to_array(c.tags, ',')) AS t(tag)
  WHERE trim(t.tag) <> '' AND f_unaccent(lower(trim(t.tag))) = ANY (folded_tags)
  GROUP BY 1;
END
$$;
--> statement-breakpoint
CREATE OR REPLACE FUNCTION clubs_recount_tags() RETURNS trigger
LANGUAGE plpgsql AS $$
DECLARE
  touched text[];
BEGIN
  SELECT array_agg(DISTINCT f) INTO touched FROM (
    SELECT club_tags_folded(OLD.tags) AS f WHERE TG_OP <> 'INSERT'
    UNION ALL
    SELECT club_tags_folded(NEW.tags) WHERE TG_OP <> 'DELETE'
  ) x;
  IF touched IS NOT NULL THEN
    PERFORM recount_club_tags(touched);
  END IF;
  RETURN NULL;
END
$$;
--> statement-breakpoint
-- Club writes are rare (member_count changes do not touch tags and do not fire this).
CREATE TRIGGER clubs_tag_counts AFTER INSERT OR DELETE OR UPDATE OF tags ON clubs
FOR EACH ROW EXECUTE FUNCTION clubs_recount_tags();
--> statement-breakpoint
INSERT INTO club_tag_counts (folded, tag, clubs)
SELECT f_unaccent(lower(trim(t.tag))), min(trim(t.tag)), count(DISTINCT c.id)
FROM clubs c
CROSS JOIN unnest(string_to_array(c.tags, ',')) AS t(tag)
WHERE trim(t.tag) <> ''
GROUP BY 1;
--> statement-breakpoint

-- 3. Top clubs: score = member_count + 3 × posts of the last 30 days. club_recent_posts holds,
--    per club, the posts created after the watermark in recent_posts_sweep; a post trigger
--    keeps it exact, and sweep_recent_posts() (run before each top-clubs read, every few seconds
--    per replica) moves the watermark to now() - 30 days, subtracting only the posts that aged
--    out since the last sweep. The read is then a join of clubs with one row per club, whatever
--    the number of posts.
CREATE TABLE club_recent_posts (
  club_id integer PRIMARY KEY REFERENCES clubs (id) ON DELETE CASCADE,
  posts integer NOT NULL
);
--> statement-breakpoint
CREATE TABLE recent_posts_sweep (
  only_row boolean PRIMARY KEY DEFAULT true CHECK (only_row),
  swept_until timestamptz NOT NULL
);
--> statement-breakpoint
INSERT INTO recent_posts_sweep (swept_until) VALUES (now() - interval '30 days');
--> statement-breakpoint
INSERT INTO club_recent_posts (club_id, posts)
SELECT p.club_id, count(*)::int FROM posts p, recent_posts_sweep s
WHERE p.created_at > s.swept_until GROUP BY p.club_id;
--> statement-breakpoint
CREATE OR REPLACE FUNCTION posts_count_recent() RETURNS trigger
LANGUAGE plpgsql AS $$
DECLARE
  mark timestamptz;
BEGIN
  -- Shared with other writers, exclusive with a sweep moving the watermark.
  PERFORM pg_advisory_xact_lock_shared(hashtext('recent_posts_sweep'));
  SELECT swept_until INTO mark FROM recent_posts_sweep;
  IF TG_OP IN ('UPDATE', 'DELETE') AND OLD.created_at > mark THEN
    UPDATE club_recent_posts SET posts = posts - 1 WHERE club_id = OLD.club_id;
  END IF;
  IF TG_OP IN ('UPDATE', 'INSERT') AND NEW.created_at > mark THEN
    INSERT INTO club_recent_posts AS r (club_id, posts) VALUES (NEW.club_id, 1)
    ON CONFLICT (club_id) DO UPDATE SET posts = r.posts + 1;
  END IF;
  RETURN NULL;
END
$$;
--> statement-breakpoint
CREATE TRIGGER posts_count_recent AFTER INSERT OR DELETE OR UPDATE OF club_id, created_at ON posts
FOR EACH ROW EXECUTE FUNCTION posts_count_recent();
--> statement-breakpoint
-- window_days must be the same on every call (the app's TOP_CLUBS_WINDOW_DAYS, 30).
CREATE OR REPLACE FUNCTION sweep_recent_posts(window_days integer) RETURNS void
LANGUAGE plpgsql AS $$
DECLARE
  mark timestamptz;
  target timestamptz := now() - make_interval(days => window_days);
BEGIN
  -- Waits for post writes in flight (they hold the lock shared), so none is counted twice.
  PERFORM pg_advisory_xact_lock(hashtext('recent_posts_sweep'));
  SELECT swept_until INTO mark FROM recent_posts_sweep;
  IF target <= mark THEN
    RETURN;
  END IF;
  UPDATE club_recent_posts r SET posts = r.posts - aged.n
  FROM (
    SELECT club_id, count(*)::int AS n FROM posts
    WHERE created_at > mark AND created_at <= target GROUP BY club_id
  ) aged
  WHERE r.club_id = aged.club_id;
  UPDATE recent_posts_sweep SET swept_until = target;
END
$$;
