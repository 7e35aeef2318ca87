import RotateCw from "lucide-react/icons/rotate-cw";
import { m } from "../../../../common/messages";
import type { OutboxItem } from "../-lib/outbox";
import { BubbleMeta, MessageText, ReplyQuote } from "./bubble-parts";
import { PendingPhoto } from "./pending-photo";

const t = m.chatPage;

/** A message in the outbox: "Sending…" at once, or "Not sent · Retry" after a failure. */
export function PendingBubble({
  item,
  first,
  last,
  onRetry,
}: {
  item: OutboxItem;
  first: boolean;
  last: boolean;
  onRetry: (clientId: string) => void;
}) {
  const failed = item.state === "failed";
  const classes = [
    "bubble-row",
    "bubble-row--mine",
    first ? "bubble-row--first" : "",
    last ? "bubble-row--last" : "",
  ]
    .filter(Boolean)
    .join(" ");
  return (
    <li className={classes} data-testid="chat-message" data-pending={item.state}>
      <div className="bubble-row__main">
        <div
          className={failed ? "bubble bubble--mine bubble--failed" : "bubble bubble--mine bubble--sending"}
        >
          <span className="visually-hidden">{m.listCommon.you}: </span>
          {item.reply_to ? <ReplyQuote quote={item.reply_to} /> : null}
          {item.has_image ? <PendingPhoto clientId={item.client_id} /> : null}
          <MessageText
            content={item.content}
            room={failed ? "" : t.sending}
            metaBelow={failed}
            meta={
              failed ? null : (
                <BubbleMeta
                  createdAt={item.created_at}
                  status={<span className="bubble__time">{t.sending}</span>}
                />
              )
            }
          />
        </div>
      </div>
      {failed ? (
        <button type="button" className="bubble-row__retry" onClick={() => onRetry(item.client_id)}>
          <RotateCw aria-hidden="true" size={14} />
          {t.notSent}
        </button>
      ) : null}
    </li>
  );
}
