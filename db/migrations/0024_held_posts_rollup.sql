-- Custom SQL migration file, put your code below! --
-- A post a watched word held is seen by its author only, so it must not raise its club's
-- top-clubs score (club_recent_posts, migration 0015) until an admin approves it. The trigger
-- counts only posts that are not held and also fires when `held` changes; the sweep subtracts
-- only the posts it counted. Approval is an UPDATE (held to false), so it also tells every
-- replica to drop its cached top clubs.
CREATE OR REPLACE FUNCTION posts_count_recent() RETURNS trigger
LANGUAGE plpgsql AS $$
DECLARE
  mark timestamptz;
BEGIN
  -- Shared with other writers, exclusive with a sweep moving the watermark.
  PERFORM pg_advisory_xact_lock_shared(hashtext('recent_posts_sweep'));
  SELECT swept_until INTO mark FROM recent_posts_sweep;
  IF TG_OP IN ('UPDATE', 'DELETE') AND OLD.created_at > mark AND NOT OLD.held THEN
    UPDATE club_recent_posts SET posts = posts - 1 WHERE club_id = OLD.club_id;
  END IF;
  IF TG_OP IN ('UPDATE', 'INSERT') AND NEW.created_at > mark AND NOT NEW.held THEN
    INSERT INTO club_recent_posts AS r (club_id, posts) VALUES (NEW.club_id, 1)
    ON CONFLICT (club_id) DO UPDATE SET posts = r.posts + 1;
  END IF;
  RETURN NULL;
END
$$;
--> statement-breakpoint
DROP TRIGGER posts_count_recent ON posts;
--> statement-breakpoint
CREATE TRIGGER posts_count_recent AFTER INSERT OR DELETE OR UPDATE OF club_id, created_at, held ON posts
FOR EACH ROW EXECUTE FUNCTION posts_count_recent();
--> statement-breakpoint
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
    WHERE created_at > mark AND created_at <= target AND NOT held GROUP BY club_id
  ) aged
  WHERE r.club_id = aged.club_id;
  UPDATE recent_posts_sweep SET swept_until = target;
END
$$;
--> statement-breakpoint
CREATE TRIGGER posts_notify_top_clubs_held
AFTER UPDATE OF held ON posts
FOR EACH STATEMENT EXECUTE FUNCTION notify_top_clubs_changed();
