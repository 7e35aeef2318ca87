import { z } from "zod";
import { format, m } from "../messages";
import { MAX_MESSAGE_LENGTH, sendMessageBody } from "./chat";

/**
 * The send body as a form (multipart/form-data): every field arrives as a string, plus at most
 * one `image`. The JSON body keeps its rules; here the text may be empty when a photo comes with
 * it (the service refuses a message with neither). reply_to arrives as digits.
 */
const caption = z
  .string({ error: () => m.chat.emptyMessage })
  // PostgreSQL text cannot hold NUL characters; they carry no meaning in a chat line.
  .transform((value) => value.replaceAll("\u0000", ""))
  .pipe(
    z
      .string()
      .trim()
      .max(MAX_MESSAGE_LENGTH, { error: () => format(m.chat.messageTooLong, { max: MAX_MESSAGE_LENGTH }) }),
  );

/** A browser sends an empty file (or "") when nothing was chosen: that is no image. */
const imagePart = z.preprocess(
  (v) => (v === "" || v === null || (v instanceof Blob && v.size === 0) ? undefined : v),
  z
    .file({ error: (issue) => (Array.isArray(issue.input) ? m.chatPhotos.oneImage : m.uploads.onlyImages) })
    .optional()
    .describe("One photo: PNG or JPEG, at most 5 MB (the rules of club covers)."),
);

const formNumber = z.preprocess(
  (v) => (typeof v === "string" && /^\d{1,16}$/.test(v.trim()) ? Number(v) : v === "" ? undefined : v),
  sendMessageBody.shape.reply_to,
);

/** JSON {content, client_id?, reply_to?} or a form with the same fields and an `image`. */
export const sendMessageWithImageBody = sendMessageBody.extend({
  content: caption.optional(),
  reply_to: formNumber,
  image: imagePart,
});

export type SendMessageWithImageBody = z.infer<typeof sendMessageWithImageBody>;
