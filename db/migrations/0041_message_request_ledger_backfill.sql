-- Pending requests made before the ledger existed start from the request messages that are still
-- there (the deleted ones cannot be counted any more); every later send adds one.
UPDATE "message_requests" r
SET "request_messages_sent" = (
  SELECT count(*)::int FROM "messages" m
  WHERE m."user_low" = least(r."sender_id", r."recipient_id")
    AND m."user_high" = greatest(r."sender_id", r."recipient_id")
    AND m."sender_id" = r."sender_id"
    AND m."sent_as_request"
)
WHERE r."accepted_at" IS NULL;
