-- Cross-replica cache invalidation (src/lib/database/change-feed.ts): any change to the rows
-- behind the landing page's top clubs (a club's fields or member_count, a post added or removed)
-- notifies every app process, which drops its cached list. Statement-level, and PostgreSQL folds
-- identical notices of one transaction into one, so a bulk change costs one notice at commit.
CREATE OR REPLACE FUNCTION notify_top_clubs_changed() RETURNS trigger
LANGUAGE plpgsql AS $$
BEGIN
  PERFORM pg_notify('clubnica_changes', 'top-clubs');
  RETURN NULL;
END;
$$;
--> statement-breakpoint
CREATE TRIGGER clubs_notify_top_clubs
AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON clubs
FOR EACH STATEMENT EXECUTE FUNCTION notify_top_clubs_changed();
--> statement-breakpoint
CREATE TRIGGER posts_notify_top_clubs
AFTER INSERT OR DELETE OR TRUNCATE ON posts
FOR EACH STATEMENT EXECUTE FUNCTION notify_top_clubs_changed();
