import ImageOff from "lucide-react/icons/image-off";
import { useId, useState } from "react";
import type { ChatMessage } from "../../../../common/api/chat";
import { format, m } from "../../../../common/messages";
import { Dialog } from "../../../components/post/dialog";
import { wideImage } from "../../../lib/images";

const t = m.chatPhotos;

/** How wide a thread thumbnail is drawn at most (CSS keeps it within the bubble too). */
const THUMB_WIDTH = 240;

/** The thumbnail's box: the photo's own proportions, so nothing moves when it loads. */
function thumbSize(message: ChatMessage) {
  const width = message.image_width ?? 4;
  const height = message.image_height ?? 3;
  const shown = Math.min(THUMB_WIDTH, width);
  return { width: shown, height: Math.max(1, Math.round((shown * height) / width)) };
}

/**
 * A message's photo in the thread: a lazy thumbnail with its size set (no layout shift) that
 * opens full screen in a dialog (Esc closes it, focus comes back). A stranger's photo in a
 * request: until it is accepted the server sends no address (a placeholder says why); after,
 * it stays blurred until "Show photo".
 */
export function MessagePhoto({ message }: { message: ChatMessage }) {
  const [revealed, setRevealed] = useState(false);
  const [open, setOpen] = useState(false);
  const titleId = useId();
  if (message.deleted || (!message.image_url && message.image_request !== "pending")) return null;
  const size = thumbSize(message);
  const box = { width: size.width, aspectRatio: `${size.width} / ${size.height}` };
  if (!message.image_url) {
    return (
      <div className="chat-photo chat-photo--withheld" style={box} data-testid="chat-photo-withheld">
        <ImageOff aria-hidden="true" size={20} />
        <span>{t.requestHidden}</span>
      </div>
    );
  }
  const name = message.sender_display_name;
  const thumb = (
    <img
      {...wideImage(message.image_url, `${size.width}px`)}
      width={size.width}
      height={size.height}
      loading="lazy"
      decoding="async"
      alt=""
      className="chat-photo__img"
    />
  );
  if (message.image_request === "accepted" && !revealed) {
    return (
      <div className="chat-photo chat-photo--blurred" style={box}>
        {thumb}
        <button
          type="button"
          className="button button--small chat-photo__show"
          onClick={() => setRevealed(true)}
        >
          {t.show}
        </button>
      </div>
    );
  }
  return (
    <>
      <button
        type="button"
        className="chat-photo"
        style={box}
        aria-label={format(t.openPhoto, { name })}
        onClick={() => setOpen(true)}
        data-testid="chat-photo"
      >
        {thumb}
      </button>
      {open ? (
        <Dialog
          labelledBy={titleId}
          closeLabel={t.close}
          onClose={() => setOpen(false)}
          className="photo-viewer"
        >
          <h2 id={titleId} className="visually-hidden">
            {format(t.viewer, { name })}
          </h2>
          <img
            src={message.image_url}
            width={message.image_width ?? undefined}
            height={message.image_height ?? undefined}
            alt={message.content || t.photo}
            className="photo-viewer__img"
          />
        </Dialog>
      ) : null}
    </>
  );
}
