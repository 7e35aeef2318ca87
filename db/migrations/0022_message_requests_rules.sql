-- Whether two people share a club: both are members of it, or one owns a club the other is a
-- member of. Message requests, "who can message me" and profile visibility all ask this one
-- question, so it lives here once. club_members_user_idx and clubs_owner_idx serve both sides.
CREATE OR REPLACE FUNCTION users_share_club(a integer, b integer) RETURNS boolean
LANGUAGE sql STABLE PARALLEL SAFE AS $$
  SELECT EXISTS (
    SELECT 1
    FROM (
      SELECT cm.club_id FROM club_members cm WHERE cm.user_id = a
      UNION ALL
      SELECT c.id FROM clubs c WHERE c.owner_id = a
    ) mine
    JOIN (
      SELECT cm.club_id FROM club_members cm WHERE cm.user_id = b
      UNION ALL
      SELECT c.id FROM clubs c WHERE c.owner_id = b
    ) theirs ON theirs.club_id = mine.club_id
  )
$$;
--> statement-breakpoint
-- Conversations from before message requests existed: two people who both wrote have exchanged
-- messages, so they stay accepted; one-way messages between people who share no club become a
-- request the recipient can accept, delete or block.
INSERT INTO message_requests (recipient_id, sender_id, created_at, accepted_at)
SELECT m.user_low, m.user_high, min(m.created_at), now()
FROM messages m
WHERE m.recipient_id IS NOT NULL
GROUP BY m.user_low, m.user_high
HAVING count(DISTINCT m.sender_id) = 2
ON CONFLICT DO NOTHING;
--> statement-breakpoint
INSERT INTO message_requests (recipient_id, sender_id, created_at)
SELECT m.recipient_id, m.sender_id, min(m.created_at)
FROM messages m
WHERE m.recipient_id IS NOT NULL
  AND NOT EXISTS (
    SELECT 1 FROM messages r
    WHERE r.user_low = m.user_low AND r.user_high = m.user_high AND r.sender_id = m.recipient_id
  )
  AND NOT users_share_club(m.sender_id, m.recipient_id)
GROUP BY m.recipient_id, m.sender_id
ON CONFLICT DO NOTHING;
