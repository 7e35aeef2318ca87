-- One change bus (src/lib/database/change-bus.ts): the cache-invalidation triggers of migrations
-- 0008 (top clubs) and 0020 (watched words) used a channel of their own, 'clubnica_changes',
-- which took a second LISTEN connection per process. They now send change keys on
-- 'clubnica_keys' through notify_change_keys (migration 0025), like every other trigger:
-- 'T' for the top clubs and 'W' for the watched-words list (src/lib/poll-memory/keys.ts).
-- The writing process hears them at once, as a NOTICE, as it does every other key.
CREATE OR REPLACE FUNCTION notify_top_clubs_changed() RETURNS trigger
LANGUAGE plpgsql AS $$
BEGIN
  PERFORM notify_change_keys('T');
  RETURN NULL;
END;
$$;
--> statement-breakpoint
CREATE OR REPLACE FUNCTION notify_watched_words_changed() RETURNS trigger
LANGUAGE plpgsql AS $$
BEGIN
  PERFORM notify_change_keys('W');
  RETURN NULL;
END;
$$;
