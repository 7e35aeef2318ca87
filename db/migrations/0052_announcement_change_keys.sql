-- An aviso (messages.announcement_club_id, the club's Avisos channel) NOTIFYs its own key,
-- 'v<club id>' (src/lib/poll-memory/keys.ts), so a club chat's followers and poll memory are not
-- disturbed by avisos and the Avisos channel's followers hear nothing of the chat. The other two
-- branches are unchanged from 0025_poll_change_keys.
CREATE OR REPLACE FUNCTION notify_message_keys() RETURNS trigger
LANGUAGE plpgsql AS $$
DECLARE
  r messages%ROWTYPE;
BEGIN
  IF TG_OP = 'DELETE' THEN r := OLD; ELSE r := NEW; END IF;
  IF r.club_id IS NOT NULL THEN
    PERFORM notify_change_keys('c' || r.club_id);
  ELSIF r.announcement_club_id IS NOT NULL THEN
    PERFORM notify_change_keys('v' || r.announcement_club_id);
  ELSE
    PERFORM notify_change_keys('d' || r.user_low || '-' || r.user_high || ' p' || r.sender_id
      || coalesce(' p' || r.recipient_id, ''));
  END IF;
  RETURN NULL;
END;
$$;
