-- The bell's numbers (GET /api/notifications/notices/count, polled every 10 s) come from poll
-- memory like the badge: every change to a person's notices, of any kind, NOTIFYs their 'n' key
-- (src/lib/poll-memory/keys.ts). One statement-level trigger per operation, so a club post fanned
-- out to 10,000 members (one INSERT … SELECT) sends a handful of notices, 700 keys each (a
-- payload is limited to 8000 bytes), not 10,000.
CREATE OR REPLACE FUNCTION notify_notice_keys() RETURNS trigger
LANGUAGE plpgsql AS $$
DECLARE
  chunk text;
BEGIN
  FOR chunk IN
    SELECT string_agg('n' || user_id, ' ')
    FROM (
      SELECT user_id, (row_number() OVER (ORDER BY user_id) - 1) / 700 AS part
      FROM (SELECT DISTINCT user_id FROM changed_notices) people
    ) numbered
    GROUP BY part
  LOOP
    PERFORM notify_change_keys(chunk);
  END LOOP;
  RETURN NULL;
END;
$$;
--> statement-breakpoint
CREATE TRIGGER user_notices_notify_centre_insert AFTER INSERT ON user_notices
REFERENCING NEW TABLE AS changed_notices
FOR EACH STATEMENT EXECUTE FUNCTION notify_notice_keys();
--> statement-breakpoint
CREATE TRIGGER user_notices_notify_centre_update AFTER UPDATE ON user_notices
REFERENCING NEW TABLE AS changed_notices
FOR EACH STATEMENT EXECUTE FUNCTION notify_notice_keys();
--> statement-breakpoint
CREATE TRIGGER user_notices_notify_centre_delete AFTER DELETE ON user_notices
REFERENCING OLD TABLE AS changed_notices
FOR EACH STATEMENT EXECUTE FUNCTION notify_notice_keys();
