import type { SendMessageWithImageBody } from "../../../common/api/message-images";
import { m } from "../../../common/messages";
import { Invalid } from "../../lib/errors";

/**
 * A form (multipart) send with neither text nor a photo says so in the photo's words; a JSON
 * send keeps its "Message cannot be empty." (the service's check).
 */
export function assertSomethingToSend(body: SendMessageWithImageBody, contentType: string | undefined) {
  const form = contentType?.toLowerCase().startsWith("multipart/form-data") ?? false;
  if (form && !body.image && !body.content?.trim()) {
    throw Invalid.field(["body", "content"], m.chatPhotos.needsContentOrImage);
  }
}
