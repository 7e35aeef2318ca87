import { Link } from "@tanstack/react-router";
import ClipboardCheck from "lucide-react/icons/clipboard-check";
import type { FeedPost } from "../../../common/api/posts";
import { m } from "../../../common/messages";

const HOUR = 3_600_000;

/**
 * "Take attendance" for the club's owner, admins and officers with check_in (any time: they may add people afterwards);
 * "Check in" for others while check-in is open (1 h before the start until 3 h after).
 */
export function CheckInLink({ post }: { post: FeedPost }) {
  if (!post.is_event || !post.event_date) return null;
  const params = { postId: String(post.id) };
  if (post.can_check_in)
    return (
      <Link
        to="/events/$postId/attendance"
        params={params}
        className="button button--secondary button--small"
      >
        <ClipboardCheck aria-hidden="true" size={16} />
        {m.checkIns.takeAttendance}
      </Link>
    );
  const starts = new Date(post.event_date).getTime();
  const now = Date.now();
  if (now < starts - HOUR || now > starts + 3 * HOUR) return null;
  return (
    <Link to="/events/$postId/check-in" params={params} className="button button--secondary button--small">
      <ClipboardCheck aria-hidden="true" size={16} />
      {m.checkIns.checkIn}
    </Link>
  );
}
