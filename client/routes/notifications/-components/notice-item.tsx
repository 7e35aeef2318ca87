import { Link } from "@tanstack/react-router";
import Check from "lucide-react/icons/check";
import type { NoticeJson } from "../../../../common/api/notices";
import { formatTime } from "../../../../common/datetime";
import { m } from "../../../../common/messages";
import { Avatar } from "../../../components/avatar";

/**
 * One notice: the picture, its line, its time, and the whole row a link to the thing itself
 * (opening it marks it read). Unread ones carry a dot and a "mark as read" button.
 */
export function NoticeItem({
  notice,
  onOpen,
  onMarkRead,
}: {
  notice: NoticeJson;
  onOpen: (notice: NoticeJson) => void;
  onMarkRead: (notice: NoticeJson) => void;
}) {
  const t = m.notices;
  return (
    <li className={notice.read ? "notice" : "notice notice--unread"} data-testid="notice">
      <Link to={notice.path} className="notice__link" onClick={() => onOpen(notice)}>
        <Avatar src={notice.image} name={notice.club_name ?? notice.text} size={40} />
        <span className="notice__body">
          <span className="notice__text">{notice.text}</span>
          <span className="notice__meta">
            {notice.read ? null : <span className="visually-hidden">{t.unread}: </span>}
            <time dateTime={notice.created_at}>{formatTime(notice.created_at)}</time>
          </span>
        </span>
        {notice.read ? null : <span className="notice__dot" aria-hidden="true" />}
      </Link>
      {notice.read ? null : (
        <button
          type="button"
          className="icon-button notice__mark"
          onClick={() => onMarkRead(notice)}
          aria-label={t.markRead}
          data-testid="notice-mark-read"
        >
          <Check aria-hidden="true" size={18} />
        </button>
      )}
    </li>
  );
}
