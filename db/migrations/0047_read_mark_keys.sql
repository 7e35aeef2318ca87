-- Read state ("Seen") on the live connection: when a read mark moves forward, the key
-- 'R<user>:<conversation_key>' (src/lib/poll-memory/keys.ts) tells every process, whose live
-- hub sends a `read` frame to the other participants' sockets (src/features/live/read-frames.ts).
-- It rides in the same NOTIFY as the person key (p<user>) that migration 0025 sent for this
-- table, so a club message that moves 2,000 read marks sends no extra notifications.
CREATE OR REPLACE FUNCTION notify_read_mark_keys() RETURNS trigger
LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'DELETE' THEN
    PERFORM notify_change_keys('p' || OLD.user_id);
  ELSIF NEW.last_read_id > 0 AND (TG_OP = 'INSERT' OR NEW.last_read_id > OLD.last_read_id) THEN
    PERFORM notify_change_keys('p' || NEW.user_id || ' R' || NEW.user_id || ':' || NEW.conversation_key);
  ELSE
    PERFORM notify_change_keys('p' || NEW.user_id);
  END IF;
  RETURN NULL;
END;
$$;
--> statement-breakpoint
DROP TRIGGER IF EXISTS conversation_reads_notify_keys ON conversation_reads;
--> statement-breakpoint
CREATE TRIGGER conversation_reads_notify_keys AFTER INSERT OR UPDATE OR DELETE ON conversation_reads
FOR EACH ROW EXECUTE FUNCTION notify_read_mark_keys();
