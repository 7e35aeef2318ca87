-- Every direct message guarantees both parties a conversation_reads row (read up to nothing),
-- whoever inserts it (the API, the seed, an import): the conversation list and the badge are
-- driven from these rows. Statement-level, so a bulk insert costs one upsert statement.
CREATE OR REPLACE FUNCTION messages_ensure_read_rows() RETURNS trigger
LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO conversation_reads (user_id, conversation_key, last_read_id)
  SELECT DISTINCT pair.user_id, pair.conversation_key, 0
  FROM inserted m
  CROSS JOIN LATERAL (VALUES
    (m.sender_id, 'user:' || m.recipient_id),
    (m.recipient_id, 'user:' || m.sender_id)
  ) AS pair(user_id, conversation_key)
  WHERE m.recipient_id IS NOT NULL
  ON CONFLICT (user_id, conversation_key) DO NOTHING;
  RETURN NULL;
END;
$$;
--> statement-breakpoint
CREATE TRIGGER messages_ensure_read_rows
AFTER INSERT ON messages
REFERENCING NEW TABLE AS inserted
FOR EACH STATEMENT EXECUTE FUNCTION messages_ensure_read_rows();
--> statement-breakpoint
INSERT INTO conversation_reads (user_id, conversation_key, last_read_id)
SELECT DISTINCT pair.user_id, pair.conversation_key, 0
FROM messages m
CROSS JOIN LATERAL (VALUES
  (m.sender_id, 'user:' || m.recipient_id),
  (m.recipient_id, 'user:' || m.sender_id)
) AS pair(user_id, conversation_key)
WHERE m.recipient_id IS NOT NULL
ON CONFLICT (user_id, conversation_key) DO NOTHING;
