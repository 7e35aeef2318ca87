-- Read state ("Seen") on the live connection: when a read mark moves forward, the key
-- 'R<user>:<conversation_key>' (src/lib/poll-memory/keys.ts) tells every process, whose live
-- hub sends a `read` frame to the other participants' sockets. The person key (p<user>) the
-- 0025 trigger sends stays as it was; this one names the conversation, so a hub knows whom it
-- concerns without reading anything.
CREATE OR REPLACE FUNCTION notify_read_mark_keys() RETURNS trigger
LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'INSERT' OR NEW.last_read_id > OLD.last_read_id THEN
    IF NEW.last_read_id > 0 THEN
      PERFORM notify_change_keys('R' || NEW.user_id || ':' || NEW.conversation_key);
    END IF;
  END IF;
  RETURN NULL;
END;
$$;
--> statement-breakpoint
CREATE TRIGGER conversation_reads_notify_read_keys AFTER INSERT OR UPDATE OF last_read_id ON conversation_reads
FOR EACH ROW EXECUTE FUNCTION notify_read_mark_keys();
