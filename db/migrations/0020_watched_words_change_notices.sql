-- Cross-replica invalidation of the watched-words list (src/features/watched-words/list-cache.ts):
-- every change to the list notifies every app process, which drops its compiled copy. Its own
-- function (not notify_top_clubs_changed) so each topic stays independent.
CREATE OR REPLACE FUNCTION notify_watched_words_changed() RETURNS trigger
LANGUAGE plpgsql AS $$
BEGIN
  PERFORM pg_notify('clubnica_changes', 'watched-words');
  RETURN NULL;
END;
$$;
--> statement-breakpoint
CREATE TRIGGER watched_words_notify_changes
AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON watched_words
FOR EACH STATEMENT EXECUTE FUNCTION notify_watched_words_changed();
