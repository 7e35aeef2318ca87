-- An officer named, changed or removed (issue 49) changes what that person may do in the club:
-- the feed's per-viewer can_edit / can_check_in, the club JSON's my_permissions, and the join
-- requests the badge and the bell count for them. Those remembered answers all follow the
-- person's 'a<user>' key (src/lib/poll-memory/keys.ts), so the officer row sends it, at commit,
-- through notify_change_keys (migration 0025).
CREATE OR REPLACE FUNCTION notify_club_officer_keys() RETURNS trigger
LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP <> 'INSERT' THEN PERFORM notify_change_keys('a' || OLD.user_id); END IF;
  IF TG_OP <> 'DELETE' AND (TG_OP = 'INSERT' OR NEW.user_id <> OLD.user_id) THEN
    PERFORM notify_change_keys('a' || NEW.user_id);
  END IF;
  RETURN NULL;
END;
$$;
--> statement-breakpoint
DROP TRIGGER IF EXISTS club_officers_notify_keys ON club_officers;
--> statement-breakpoint
CREATE TRIGGER club_officers_notify_keys AFTER INSERT OR UPDATE OR DELETE ON club_officers
FOR EACH ROW EXECUTE FUNCTION notify_club_officer_keys();
