import { type ReactNode, useState } from "react";
import type { ChatMessage } from "../../../../common/api/chat";
import { formatDateTime, formatShortTime } from "../../../../common/datetime";
import { format, m } from "../../../../common/messages";
import { truncateWords } from "../../../lib/truncate-words";
import { MentionText } from "./mention-text";

const t = m.chatPage;

/**
 * The time (and "edited") in the bubble's bottom corner. The text ends with an invisible copy of
 * it (`data-meta`, drawn by CSS so it is not part of the text), which keeps the last line clear
 * of the corner, as chat apps do.
 */
export function BubbleMeta({
  createdAt,
  edited,
  status,
}: {
  createdAt: string;
  edited?: boolean;
  status?: ReactNode;
}) {
  return (
    <span className="bubble__meta">
      {edited ? <span className="bubble__edited">{t.edited}</span> : null}
      {status ?? (
        <time dateTime={createdAt} title={formatDateTime(createdAt)} className="bubble__time">
          {formatShortTime(createdAt)}
        </time>
      )}
    </span>
  );
}

/** Room for the corner's meta at the end of the text (see BubbleMeta). */
function MetaRoom({ text }: { text: string }) {
  return <span className="bubble__room" data-meta={text} aria-hidden="true" />;
}

export function metaText(createdAt: string, edited: boolean): string {
  return `${edited ? `${t.edited} ` : ""}${formatShortTime(createdAt)}`;
}

/** A message's text, cut to 500 words with a Show more / Show less toggle; the meta in its corner. */
export function MessageText({
  content,
  meta,
  metaBelow = false,
  room,
  deleted = false,
}: {
  content: string;
  /** A tombstone: "Message deleted", set apart from text. */
  deleted?: boolean;
  meta: ReactNode;
  /** Something follows the text (a note): the meta goes on its own line at the end. */
  metaBelow?: boolean;
  /** The meta's text, for the room kept at the end of the last line. */
  room: string;
}) {
  const [expanded, setExpanded] = useState(false);
  const cut = truncateWords(content);
  const below = metaBelow || cut.truncated;
  return (
    <>
      <p className={deleted ? "bubble__text bubble__text--deleted" : "bubble__text"}>
        {deleted ? content : <MentionText text={expanded || !cut.truncated ? content : cut.text} />}
        {below ? null : <MetaRoom text={room} />}
      </p>
      {cut.truncated ? (
        <button type="button" className="link-button bubble__more" onClick={() => setExpanded((v) => !v)}>
          {expanded ? m.listCommon.showLess : m.listCommon.showMore}
        </button>
      ) : null}
      {meta ? <div className={below ? "bubble__meta-line" : "bubble__meta-corner"}>{meta}</div> : null}
    </>
  );
}

/** The quote of the message this one answers; pressing it goes to that message. */
export function ReplyQuote({
  quote,
  onJump,
}: {
  quote: NonNullable<ChatMessage["reply_to"]>;
  onJump?: () => void;
}) {
  // `hidden` is absent from a quote kept in the outbox before the field existed.
  const muted = quote.deleted || quote.hidden === true;
  const text = quote.deleted ? t.deleted : quote.hidden ? t.quoteHidden : quote.content;
  const inner = (
    <>
      <span className="reply-quote__name">{quote.sender_display_name}</span>
      <span className={muted ? "reply-quote__text reply-quote__text--deleted" : "reply-quote__text"}>
        {text}
      </span>
    </>
  );
  if (!onJump) return <div className="reply-quote">{inner}</div>;
  return (
    <button
      type="button"
      className="reply-quote"
      aria-label={format(t.quoteOf, { name: quote.sender_display_name, text })}
      onClick={onJump}
    >
      {inner}
    </button>
  );
}
