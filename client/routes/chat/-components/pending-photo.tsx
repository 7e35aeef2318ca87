import ImageOff from "lucide-react/icons/image-off";
import { m } from "../../../../common/messages";
import { photoPreview } from "../-lib/outbox-photos";

/**
 * The photo of an unsent message: its preview while the page holds the file, else (after a
 * reload) a note that photos are not kept, so the person attaches it again.
 */
export function PendingPhoto({ clientId }: { clientId: string }) {
  const url = photoPreview(clientId);
  if (!url) {
    return (
      <p className="chat-photo chat-photo--lost">
        <ImageOff aria-hidden="true" size={18} />
        <span>{m.chatPhotos.notKept}</span>
      </p>
    );
  }
  return <img src={url} alt={m.chatPhotos.photo} className="chat-photo__img chat-photo__img--pending" />;
}
