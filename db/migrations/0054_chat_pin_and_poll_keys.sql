-- Live frames for issue 49 on the one change bus (src/lib/database/change-bus.ts), sent at commit
-- through notify_change_keys (migration 0025); the keys are named in src/lib/poll-memory/keys.ts.
-- 'P<club>': the club chat's pinned message changed (pinned, replaced, unpinned); the live hub
-- tells the sockets following that chat (a `pin` frame).
CREATE OR REPLACE FUNCTION notify_chat_pin_keys() RETURNS trigger
LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'DELETE' THEN
    PERFORM notify_change_keys('P' || OLD.club_id);
  ELSE
    PERFORM notify_change_keys('P' || NEW.club_id);
  END IF;
  RETURN NULL;
END;
$$;
--> statement-breakpoint
DROP TRIGGER IF EXISTS club_chat_pins_notify_keys ON club_chat_pins;
--> statement-breakpoint
CREATE TRIGGER club_chat_pins_notify_keys AFTER INSERT OR UPDATE OR DELETE ON club_chat_pins
FOR EACH ROW EXECUTE FUNCTION notify_chat_pin_keys();
--> statement-breakpoint
-- 'V<poll>': a poll's counts changed (a vote cast, replaced or withdrawn) or it was closed by
-- hand; the live hub sends the new counts to the club's members' sockets (a `poll` frame).
CREATE OR REPLACE FUNCTION notify_poll_vote_keys() RETURNS trigger
LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'DELETE' THEN
    PERFORM notify_change_keys('V' || OLD.poll_id);
  ELSE
    PERFORM notify_change_keys('V' || NEW.poll_id);
  END IF;
  RETURN NULL;
END;
$$;
--> statement-breakpoint
DROP TRIGGER IF EXISTS poll_votes_notify_keys ON poll_votes;
--> statement-breakpoint
CREATE TRIGGER poll_votes_notify_keys AFTER INSERT OR UPDATE OR DELETE ON poll_votes
FOR EACH ROW EXECUTE FUNCTION notify_poll_vote_keys();
--> statement-breakpoint
CREATE OR REPLACE FUNCTION notify_poll_closed_keys() RETURNS trigger
LANGUAGE plpgsql AS $$
BEGIN
  PERFORM notify_change_keys('V' || NEW.id);
  RETURN NULL;
END;
$$;
--> statement-breakpoint
DROP TRIGGER IF EXISTS polls_closed_notify_keys ON polls;
--> statement-breakpoint
CREATE TRIGGER polls_closed_notify_keys AFTER UPDATE OF closed_at ON polls
FOR EACH ROW WHEN (NEW.closed_at IS DISTINCT FROM OLD.closed_at)
EXECUTE FUNCTION notify_poll_closed_keys();
