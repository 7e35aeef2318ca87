import { useId, useState } from "react";
import type { ChatMessage } from "../../../../common/api/chat";
import { formatDateTime, formatShortTime } from "../../../../common/datetime";
import { format, m } from "../../../../common/messages";
import { Avatar } from "../../../components/avatar";
import { Dialog } from "../../../components/post/dialog";
import type { ChatTarget } from "../-lib/chat-fetch";
import { useClubReaders, useReadState } from "../-lib/use-read-state";

const t = m.readState;

/**
 * Under the person's own last message when it is the newest of the thread: "Enviado" until it is
 * read, then "Visto · 10:42" in a direct chat, or a "Visto por N" button in a club chat that
 * lists who. Nothing while the message waits for review.
 */
export function ReadReceipt({ target, message }: { target: ChatTarget; message: ChatMessage }) {
  const read = useReadState(target, message.pending_review ? null : message.id);
  const [open, setOpen] = useState(false);
  const id = useId();
  if (message.pending_review) return null;
  const club = read?.kind === "club" && read.state.count > 0 ? read.state : null;
  if (!club) {
    const direct = read?.kind === "direct" && read.state.read_receipts ? read.state : null;
    const seen = direct?.read_at && (direct.last_read_id ?? 0) >= message.id ? direct.read_at : null;
    return (
      <span className="read-state" data-testid="read-state" title={seen ? formatDateTime(seen) : undefined}>
        {seen ? format(t.seen, { time: formatShortTime(seen) }) : t.sent}
      </span>
    );
  }
  const state = club;
  return (
    <span className="read-state" data-testid="read-state">
      <button type="button" className="link-button read-state__button" onClick={() => setOpen(true)}>
        {format(t.seenBy, { count: state.count })}
      </button>
      {open ? (
        <Dialog
          labelledBy={id}
          closeLabel={t.close}
          onClose={() => setOpen(false)}
          className="readers-dialog"
        >
          <h2 id={id}>{t.seenByTitle}</h2>
          <ReaderList target={target} messageId={message.id} />
        </Dialog>
      ) : null}
    </span>
  );
}

/** Who has seen it, loaded when the list opens (the line above it knows only how many). */
function ReaderList({ target, messageId }: { target: ChatTarget; messageId: number }) {
  const readers = useClubReaders(target, messageId, true);
  if (readers.isError) return <p role="alert">{t.failedLoad}</p>;
  if (!readers.data) return <p aria-live="polite">{m.shellCommon.loading}</p>;
  if (readers.data.readers.length === 0) return <p>{t.nobodyYet}</p>;
  return (
    <ul className="readers-dialog__list">
      {readers.data.readers.map((reader) => (
        <li key={reader.user_id}>
          <Avatar src={reader.picture_url} name={reader.display_name} size={32} />
          <span>{reader.display_name}</span>
        </li>
      ))}
    </ul>
  );
}
