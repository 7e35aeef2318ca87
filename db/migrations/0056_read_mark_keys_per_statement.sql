-- Read marks' change keys (migrations 0025 and 0047: 'p<user>', and 'R<user>:<conversation>'
-- when the mark moved forward) sent once per statement instead of once per row. The live
-- connection moves the read marks of every follower of a club chat in one statement per message
-- (src/features/chat/live-queries.ts advanceReadMarks): 10,000 sockets in busy club chats at 100
-- messages a second made about 20,000 NOTIFYs a second per row, past what one primary carries
-- (docs/capacity.md), and every replica parsed each of them. Now a statement's keys go in
-- chunks of 180 rows (a payload is limited to 8000 bytes; a row's keys take at most 40), as
-- migration 0035 does for notices. Which keys each row sends is unchanged.
CREATE OR REPLACE FUNCTION notify_read_mark_statement_keys() RETURNS trigger
LANGUAGE plpgsql AS $$
DECLARE
  chunk text;
BEGIN
  IF TG_OP = 'DELETE' THEN
    FOR chunk IN
      SELECT string_agg('p' || user_id, ' ')
      FROM (
        SELECT user_id, (row_number() OVER (ORDER BY user_id) - 1) / 180 AS part
        FROM (SELECT DISTINCT user_id FROM old_marks) people
      ) numbered
      GROUP BY part
    LOOP
      PERFORM notify_change_keys(chunk);
    END LOOP;
  ELSIF TG_OP = 'INSERT' THEN
    FOR chunk IN
      SELECT string_agg(keys, ' ')
      FROM (
        SELECT CASE WHEN n.last_read_id > 0
            THEN 'p' || n.user_id || ' R' || n.user_id || ':' || n.conversation_key
            ELSE 'p' || n.user_id END AS keys,
          (row_number() OVER (ORDER BY n.user_id, n.conversation_key) - 1) / 180 AS part
        FROM new_marks n
      ) numbered
      GROUP BY part
    LOOP
      PERFORM notify_change_keys(chunk);
    END LOOP;
  ELSE
    FOR chunk IN
      SELECT string_agg(keys, ' ')
      FROM (
        SELECT CASE WHEN n.last_read_id > 0 AND (o.user_id IS NULL OR n.last_read_id > o.last_read_id)
            THEN 'p' || n.user_id || ' R' || n.user_id || ':' || n.conversation_key
            ELSE 'p' || n.user_id END AS keys,
          (row_number() OVER (ORDER BY n.user_id, n.conversation_key) - 1) / 180 AS part
        FROM new_marks n
        LEFT JOIN old_marks o ON o.user_id = n.user_id AND o.conversation_key = n.conversation_key
      ) numbered
      GROUP BY part
    LOOP
      PERFORM notify_change_keys(chunk);
    END LOOP;
  END IF;
  RETURN NULL;
END;
$$;
--> statement-breakpoint
DROP TRIGGER IF EXISTS conversation_reads_notify_keys ON conversation_reads;
--> statement-breakpoint
CREATE TRIGGER conversation_reads_notify_keys_insert AFTER INSERT ON conversation_reads
REFERENCING NEW TABLE AS new_marks
FOR EACH STATEMENT EXECUTE FUNCTION notify_read_mark_statement_keys();
--> statement-breakpoint
CREATE TRIGGER conversation_reads_notify_keys_update AFTER UPDATE ON conversation_reads
REFERENCING OLD TABLE AS old_marks NEW TABLE AS new_marks
FOR EACH STATEMENT EXECUTE FUNCTION notify_read_mark_statement_keys();
--> statement-breakpoint
CREATE TRIGGER conversation_reads_notify_keys_delete AFTER DELETE ON conversation_reads
REFERENCING OLD TABLE AS old_marks
FOR EACH STATEMENT EXECUTE FUNCTION notify_read_mark_statement_keys();
--> statement-breakpoint
DROP FUNCTION IF EXISTS notify_read_mark_keys();
