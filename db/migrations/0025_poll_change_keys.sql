-- Poll memory (src/lib/poll-memory): every write behind a poll's answer NOTIFYs the change keys
-- it touched on 'clubnica_keys', as '<ms since epoch of the statement> <key> <key> ...'; every app
-- process forgets what it remembered about those keys (src/lib/poll-memory/keys.ts names them).
-- Sent at commit, so a process never re-reads before the change is visible. The statement's
-- timestamp makes the payloads of one statement identical, and PostgreSQL folds identical
-- notices of a transaction into one (a bulk insert into a conversation costs one notice).
-- The same keys go at once, as a NOTICE, to an app connection that writes (it sets
-- clubnica.notice_keys=on; psql, seeds and other tools are left in peace): the writing process
-- forgets them before its statement returns, so its next request reads its own write (the
-- NOTIFY reaches it, like every other process, only some milliseconds after the commit).
CREATE OR REPLACE FUNCTION notify_change_keys(keys text) RETURNS void
LANGUAGE plpgsql AS $$
BEGIN
  IF current_setting('clubnica.notice_keys', true) = 'on' THEN
    RAISE NOTICE 'clubnica_keys %', keys;
  END IF;
  PERFORM pg_notify('clubnica_keys',
    floor(extract(epoch from statement_timestamp()) * 1000)::bigint::text || ' ' || keys);
END;
$$;
--> statement-breakpoint
-- A club message: the club (its chat, every member's badge). A direct message: the pair's
-- conversation and both people's badges.
CREATE OR REPLACE FUNCTION notify_message_keys() RETURNS trigger
LANGUAGE plpgsql AS $$
DECLARE
  r messages%ROWTYPE;
BEGIN
  IF TG_OP = 'DELETE' THEN r := OLD; ELSE r := NEW; END IF;
  IF r.club_id IS NOT NULL THEN
    PERFORM notify_change_keys('c' || r.club_id);
  ELSE
    PERFORM notify_change_keys('d' || r.user_low || '-' || r.user_high || ' p' || r.sender_id
      || coalesce(' p' || r.recipient_id, ''));
  END IF;
  RETURN NULL;
END;
$$;
--> statement-breakpoint
CREATE TRIGGER messages_notify_keys AFTER INSERT OR UPDATE OR DELETE ON messages
FOR EACH ROW EXECUTE FUNCTION notify_message_keys();
--> statement-breakpoint
-- A row that belongs to one person's badge: read marks and notices.
CREATE OR REPLACE FUNCTION notify_person_keys() RETURNS trigger
LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP <> 'INSERT' THEN PERFORM notify_change_keys('p' || OLD.user_id); END IF;
  IF TG_OP <> 'DELETE' THEN PERFORM notify_change_keys('p' || NEW.user_id); END IF;
  RETURN NULL;
END;
$$;
--> statement-breakpoint
CREATE TRIGGER conversation_reads_notify_keys AFTER INSERT OR UPDATE OR DELETE ON conversation_reads
FOR EACH ROW EXECUTE FUNCTION notify_person_keys();
--> statement-breakpoint
CREATE TRIGGER user_notices_notify_keys AFTER INSERT OR UPDATE OR DELETE ON user_notices
FOR EACH ROW EXECUTE FUNCTION notify_person_keys();
--> statement-breakpoint
-- Joining or leaving a club changes what the person may read (club chat, connected feed) and
-- what their badge counts.
CREATE OR REPLACE FUNCTION notify_member_keys() RETURNS trigger
LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP <> 'INSERT' THEN PERFORM notify_change_keys('a' || OLD.user_id || ' p' || OLD.user_id); END IF;
  IF TG_OP <> 'DELETE' THEN PERFORM notify_change_keys('a' || NEW.user_id || ' p' || NEW.user_id); END IF;
  RETURN NULL;
END;
$$;
--> statement-breakpoint
CREATE TRIGGER club_members_notify_keys AFTER INSERT OR UPDATE OR DELETE ON club_members
FOR EACH ROW EXECUTE FUNCTION notify_member_keys();
--> statement-breakpoint
-- A block hides messages from the blocker (access) and changes both people's badges.
CREATE OR REPLACE FUNCTION notify_block_keys() RETURNS trigger
LANGUAGE plpgsql AS $$
DECLARE
  r user_blocks%ROWTYPE;
BEGIN
  IF TG_OP = 'DELETE' THEN r := OLD; ELSE r := NEW; END IF;
  PERFORM notify_change_keys('a' || r.blocker_id || ' p' || r.blocker_id || ' p' || r.blocked_id);
  RETURN NULL;
END;
$$;
--> statement-breakpoint
CREATE TRIGGER user_blocks_notify_keys AFTER INSERT OR UPDATE OR DELETE ON user_blocks
FOR EACH ROW EXECUTE FUNCTION notify_block_keys();
--> statement-breakpoint
-- An account row: role, ban, mute, token version, locale, deletion (the session and every
-- permission read from it), and the badge (an admin counts every request).
CREATE OR REPLACE FUNCTION notify_user_keys() RETURNS trigger
LANGUAGE plpgsql AS $$
BEGIN
  PERFORM notify_change_keys('a' || OLD.id || ' p' || OLD.id);
  RETURN NULL;
END;
$$;
--> statement-breakpoint
CREATE TRIGGER users_notify_keys AFTER UPDATE OR DELETE ON users
FOR EACH ROW EXECUTE FUNCTION notify_user_keys();
--> statement-breakpoint
-- A connection request: the club (its owner's badge) and every admin's badge.
CREATE OR REPLACE FUNCTION notify_request_keys() RETURNS trigger
LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP <> 'INSERT' THEN PERFORM notify_change_keys('r c' || OLD.club_id); END IF;
  IF TG_OP <> 'DELETE' THEN PERFORM notify_change_keys('r c' || NEW.club_id); END IF;
  RETURN NULL;
END;
$$;
--> statement-breakpoint
CREATE TRIGGER connection_requests_notify_keys AFTER INSERT OR UPDATE OR DELETE ON connection_requests
FOR EACH ROW EXECUTE FUNCTION notify_request_keys();
--> statement-breakpoint
-- A club's owner, name, pictures or existence: who may read its chat, whose badge counts its
-- requests, and what feed cards show. Other updates (member_count on every join, search text)
-- change none of that and stay silent.
CREATE OR REPLACE FUNCTION notify_club_keys() RETURNS trigger
LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'UPDATE' AND NEW.owner_id IS NOT DISTINCT FROM OLD.owner_id
    AND NEW.name IS NOT DISTINCT FROM OLD.name
    AND NEW.image_id IS NOT DISTINCT FROM OLD.image_id
    AND NEW.profile_image_id IS NOT DISTINCT FROM OLD.profile_image_id THEN
    RETURN NULL;
  END IF;
  IF TG_OP <> 'INSERT' THEN
    PERFORM notify_change_keys('f c' || OLD.id || coalesce(' p' || OLD.owner_id, ''));
  END IF;
  IF TG_OP <> 'DELETE' THEN
    PERFORM notify_change_keys('f c' || NEW.id || coalesce(' p' || NEW.owner_id, ''));
  END IF;
  RETURN NULL;
END;
$$;
--> statement-breakpoint
CREATE TRIGGER clubs_notify_keys AFTER INSERT OR UPDATE OR DELETE ON clubs
FOR EACH ROW EXECUTE FUNCTION notify_club_keys();
--> statement-breakpoint
-- Feed pages: posts (and their counts), the viewer's likes, favorites and RSVPs. Statement-level:
-- one notice per statement, however many rows.
CREATE OR REPLACE FUNCTION notify_feed_key() RETURNS trigger
LANGUAGE plpgsql AS $$
BEGIN
  PERFORM notify_change_keys('f');
  RETURN NULL;
END;
$$;
--> statement-breakpoint
CREATE TRIGGER posts_notify_feed_key AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON posts
FOR EACH STATEMENT EXECUTE FUNCTION notify_feed_key();
--> statement-breakpoint
CREATE TRIGGER post_likes_notify_feed_key AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON post_likes
FOR EACH STATEMENT EXECUTE FUNCTION notify_feed_key();
--> statement-breakpoint
CREATE TRIGGER post_favorites_notify_feed_key AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON post_favorites
FOR EACH STATEMENT EXECUTE FUNCTION notify_feed_key();
--> statement-breakpoint
CREATE TRIGGER event_rsvps_notify_feed_key AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON event_rsvps
FOR EACH STATEMENT EXECUTE FUNCTION notify_feed_key();
