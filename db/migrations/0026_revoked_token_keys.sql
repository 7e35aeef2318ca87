-- Custom SQL migration file, put your code below! ---- A log-out (a row in revoked_tokens) changes who a token belongs to: the account's `a` key, so
-- every process forgets the session it remembered for that token (src/features/auth/session.ts)
-- and the next request with it is refused on every replica.
CREATE OR REPLACE FUNCTION notify_revoked_token_keys() RETURNS trigger
LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'DELETE' THEN
    PERFORM notify_change_keys('a' || OLD.user_id);
  ELSE
    PERFORM notify_change_keys('a' || NEW.user_id);
  END IF;
  RETURN NULL;
END;
$$;
--> statement-breakpoint
CREATE TRIGGER revoked_tokens_notify_keys AFTER INSERT OR DELETE ON revoked_tokens
FOR EACH ROW EXECUTE FUNCTION notify_revoked_token_keys();
