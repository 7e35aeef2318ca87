-- The read marks' keys trigger (0058_live_delivery_key_markers) paired each updated row with its
-- old version by joining the two transition tables. PostgreSQL has no statistics for them and
-- plans the join for one row a side: a nested loop, n × n comparisons. A live delivery moves
-- one mark per follower, so a club of 2,000 cost 4,000,000 comparisons and about 350 ms of
-- the primary's CPU per message (docs/capacity.md, "The read marks' trigger"). The pairs now
-- come from one grouping over both tables, which has no join to plan. What each row sends is
-- unchanged: 'p<user>', with 'R<user>:<conversation>' when the mark moved forward.
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
        SELECT CASE WHEN new_id > 0 AND (old_id IS NULL OR new_id > old_id)
            THEN 'p' || user_id || ' R' || user_id || ':' || conversation_key
            ELSE 'p' || user_id END AS keys,
          (row_number() OVER (ORDER BY user_id, conversation_key) - 1) / 180 AS part
        FROM (
          SELECT user_id, conversation_key,
            max(last_read_id) FILTER (WHERE is_new) AS new_id,
            max(last_read_id) FILTER (WHERE NOT is_new) AS old_id
          FROM (
            SELECT user_id, conversation_key, last_read_id, true AS is_new FROM new_marks
            UNION ALL
            SELECT user_id, conversation_key, last_read_id, false FROM old_marks
          ) sides
          GROUP BY user_id, conversation_key
          HAVING bool_or(is_new)
        ) pairs
      ) numbered
      GROUP BY part
    LOOP
      PERFORM notify_change_keys(marker || chunk);
    END LOOP;
  END IF;
  RETURN NULL;
END;
$$;
