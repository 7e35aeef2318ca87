import { formatDateTime, formatShortTime } from "../../common/datetime";
import { format, m } from "../../common/messages";
import { lastMessageText } from "./last-message-text";

const t = m.listCommon;

/** One line of the latest message and its time, or "No messages yet". */
export function LastMessage({
  content,
  at,
  mine = false,
  hasImage = false,
  deleted = false,
}: {
  content: string | null | undefined;
  at: string | null | undefined;
  mine?: boolean;
  hasImage?: boolean;
  deleted?: boolean;
}) {
  const text = lastMessageText(content, hasImage, deleted);
  if (!text) return <span className="last-message last-message--empty">{t.noMessagesYet}</span>;
  return (
    <span className={deleted ? "last-message last-message--deleted" : "last-message"}>
      <span className="last-message__text">
        {mine ? t.youPrefix : ""}
        {text}
      </span>
      {at ? (
        <time className="last-message__time" dateTime={at} title={formatDateTime(at)}>
          {formatShortTime(at)}
        </time>
      ) : null}
    </span>
  );
}

/** The red unread count of a conversation, when above zero. */
export function UnreadCount({ count }: { count: number }) {
  if (count <= 0) return null;
  return (
    <span className="unread-count" data-testid="unread-count" title={format(m.nav.badgeMessages, { count })}>
      <span aria-hidden="true">{count > 99 ? "99+" : count}</span>
      <span className="visually-hidden">{format(m.nav.badgeMessages, { count })}</span>
    </span>
  );
}
