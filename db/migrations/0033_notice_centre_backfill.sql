-- The notification centre (src/features/notices) keeps its notices in user_notices beside the
-- ones the spec's Connections badge counts. Notices stored before it: read where seen, listed
-- by when they were made.
UPDATE user_notices SET read_at = seen_at, updated_at = created_at;
--> statement-breakpoint
-- Only the badge's kinds (BADGE_NOTICE_KINDS in common/api/notices.ts) change
-- the badge: a club post fanned out to every member, or a chat notice growing, must not make
-- every member's badge be re-read (poll memory, migration 0025).
DROP TRIGGER user_notices_notify_keys ON user_notices;
--> statement-breakpoint
CREATE TRIGGER user_notices_notify_keys_insert AFTER INSERT ON user_notices
FOR EACH ROW WHEN (NEW.kind IN ('request_accepted', 'request_declined', 'event_moved', 'event_cancelled',
  'event_promoted', 'report_actioned', 'report_dismissed'))
EXECUTE FUNCTION notify_person_keys();
--> statement-breakpoint
CREATE TRIGGER user_notices_notify_keys_change AFTER UPDATE OR DELETE ON user_notices
FOR EACH ROW WHEN (OLD.kind IN ('request_accepted', 'request_declined', 'event_moved', 'event_cancelled',
  'event_promoted', 'report_actioned', 'report_dismissed'))
EXECUTE FUNCTION notify_person_keys();
