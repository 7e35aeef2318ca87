-- Custom SQL migration file, put your code below! --
-- What a session made ends with the session, whatever path ends it (issue 46, items 5 and 10).
-- A log-out (a row in revoked_tokens) deletes the push subscriptions that token made, and those
-- of its person that no session owns (made before sessions were recorded: which browser they
-- are cannot be told, so they end with any log-out rather than outlive one). A new token
-- version (a password change, a reset by code) refuses every token, so it deletes all of the
-- person's subscriptions and their private calendar feed's address (a new one is made on the
-- next visit to the settings). In the database, so no sender and no later path can miss it.
CREATE OR REPLACE FUNCTION end_revoked_session_pushes() RETURNS trigger
LANGUAGE plpgsql AS $$
BEGIN
  DELETE FROM push_subscriptions
  WHERE user_id = NEW.user_id AND (session_hash = NEW.token_hash OR session_hash IS NULL);
  RETURN NULL;
END;
$$;
--> statement-breakpoint
CREATE TRIGGER revoked_tokens_end_pushes AFTER INSERT ON revoked_tokens
FOR EACH ROW EXECUTE FUNCTION end_revoked_session_pushes();
--> statement-breakpoint
CREATE OR REPLACE FUNCTION end_all_sessions_links() RETURNS trigger
LANGUAGE plpgsql AS $$
BEGIN
  DELETE FROM push_subscriptions WHERE user_id = NEW.id;
  DELETE FROM calendar_feeds WHERE user_id = NEW.id;
  RETURN NULL;
END;
$$;
--> statement-breakpoint
CREATE TRIGGER users_token_version_ends_links AFTER UPDATE OF token_version ON users
FOR EACH ROW WHEN (OLD.token_version IS DISTINCT FROM NEW.token_version)
EXECUTE FUNCTION end_all_sessions_links();
