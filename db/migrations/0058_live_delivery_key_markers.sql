-- Two markers on the change bus (src/lib/poll-memory/keys.ts), so the live hub can tell which
-- changes leave a follower's badge as it was (src/features/live/counts.ts, docs/capacity.md):
--
-- 1. 'm' beside the 'c<club>' of a club chat message row (written, changed or deleted): that
--    key then moves the club's unread counts and nothing else. Other writes that send
--    'c<club>' (requests, the club's row) send no 'm'. The rest of notify_message_keys is
--    unchanged from 0052_announcement_change_keys.
-- 2. 'L' in front of the keys of read marks moved by a live delivery, which moves them through
--    advance_live_read_marks (below): it sets clubnica.live_read_marks for its own statement
--    only. The keys themselves ('p<user>', 'R<user>:<conversation>') are unchanged from
--    0056_read_mark_keys_per_statement, so every other follower reads them as before.
CREATE OR REPLACE FUNCTION notify_message_keys() RETURNS trigger
LANGUAGE plpgsql AS $$
DECLARE
  r messages%ROWTYPE;
BEGIN
  IF TG_OP = 'DELETE' THEN r := OLD; ELSE r := NEW; END IF;
  IF r.club_id IS NOT NULL THEN
    PERFORM notify_change_keys('c' || r.club_id || ' m');
  ELSIF r.announcement_club_id IS NOT NULL THEN
    PERFORM notify_change_keys('v' || r.announcement_club_id);
  ELSE
    PERFORM notify_change_keys('d' || r.user_low || '-' || r.user_high || ' p' || r.sender_id
      || coalesce(' p' || r.recipient_id, ''));
  END IF;
  RETURN NULL;
END;
$$;
--> statement-breakpoint
CREATE OR REPLACE FUNCTION notify_read_mark_statement_keys() RETURNS trigger
LANGUAGE plpgsql AS $$
DECLARE
  chunk text;
  marker text := CASE WHEN current_setting('clubnica.live_read_marks', true) = 'on' THEN 'L ' ELSE '' END;
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
      PERFORM notify_change_keys(marker || chunk);
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
      PERFORM notify_change_keys(marker || chunk);
    END LOOP;
  END IF;
  RETURN NULL;
END;
$$;
--> statement-breakpoint
-- Moves several people's read marks of one conversation forward, as a live delivery does
-- (src/features/chat/live-queries.ts advanceReadMarks), with the 'L' marker on their keys. The
-- setting is cleared again before returning, so a caller's later statements in the same
-- transaction are not marked.
CREATE OR REPLACE FUNCTION advance_live_read_marks(conversation text, user_ids int[], last_ids bigint[])
RETURNS void
LANGUAGE plpgsql AS $$
BEGIN
  PERFORM set_config('clubnica.live_read_marks', 'on', true);
  INSERT INTO conversation_reads (user_id, conversation_key, last_read_id)
  SELECT u, conversation, l FROM unnest(user_ids, last_ids) AS t(u, l)
  ON CONFLICT (user_id, conversation_key) DO UPDATE
    SET last_read_id = excluded.last_read_id, updated_at = now()
    WHERE conversation_reads.last_read_id < excluded.last_read_id;
  PERFORM set_config('clubnica.live_read_marks', '', true);
END;
$$;
