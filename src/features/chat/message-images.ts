import type { Executor } from "../../lib/database/client";
import { deleteUploadIfUnused, saveImage, uploadUrl } from "../uploads";
import { detachMessageImage, type MessageImageRow } from "./message-image-queries";

export type MessageImageJson = {
  image_url: string | null;
  thumbnail_url: string | null;
  image_width: number | null;
  image_height: number | null;
  image_request: "pending" | "accepted" | null;
};

/**
 * A message's photo as `viewerId` sees it. A stranger's photo (a message request) reaches its
 * recipient only once they accept the request: until then the URL is withheld, not merely
 * blurred by the app, because a blurred image is still on the phone (and its URL opens it).
 * After accepting, `image_request: "accepted"` tells the app to keep it behind "Show photo".
 */
export function toImageJson(row: MessageImageRow & { senderId: number }, viewerId: number): MessageImageJson {
  if (!row.image) {
    return {
      image_url: null,
      thumbnail_url: null,
      image_width: null,
      image_height: null,
      image_request: null,
    };
  }
  const fromStranger = row.sentAsRequest && row.senderId !== viewerId;
  const withheld = fromStranger && row.requestPending;
  const url = uploadUrl(row.image.id);
  return {
    image_url: withheld ? null : url,
    thumbnail_url: withheld ? null : `${url}/400.webp`,
    image_width: row.image.width,
    image_height: row.image.height,
    image_request: fromStranger ? (withheld ? "pending" : "accepted") : null,
  };
}

/**
 * Stores a chat photo by the rules of club covers (type sniffed from the bytes, 5 MB, the
 * decompression-bomb guard, re-encoded without metadata, WebP at 400 and 800 px). Returns its id.
 */
export async function saveMessageImage({ db, file }: { db: Executor; file: Blob }): Promise<string> {
  return await saveImage({ db, file });
}

/** A deleted message keeps no photo: it is detached, and removed when nothing else uses it. */
export async function dropMessageImage({ db, messageId }: { db: Executor; messageId: number }) {
  const id = await detachMessageImage(db, messageId);
  await deleteUploadIfUnused({ db, id });
}
