import { uploadsNote } from "../../platform/rate-limits/actions";

/** What /docs says about photos in a send (route-docs.ts adds it to both kinds of conversation). */
export const photoSendRules =
  "Photos: the same call takes multipart/form-data with the fields content (may be empty with a photo), client_id, reply_to (as text) and at most one image. " +
  "The image follows the rules of club covers: judged by its bytes, PNG or JPEG only (else 415 'Only PNG, JPG or JPEG images are allowed.'), at most 5 MB (413 'Images can be at most 5 MB.'; a body over the route's limit is also 413), an unreadable or over-sized-in-pixels image (decompression bomb) 422 'That image could not be read. Try another file.', two images 422 'Attach one photo at most.', a form with neither text nor image 422 'Write a message or attach a photo.'. " +
  "It is re-encoded without metadata (at most 1600 px a side), with WebP copies 400 and 800 px wide. Every message rule holds (message requests: a photo counts as one of the 3; who-can-message, blocks, mutes, bans, watched words on the caption, client_id retries store one image). " +
  "The message JSON carries image_url (/uploads/{id}), thumbnail_url (its 400 px WebP), image_width and image_height (null without a photo, and for a tombstone), and image_request: the recipient of a stranger's photo (a message request) gets 'pending' and no URL until accepting the request, then 'accepted' (the app keeps it blurred behind 'Show photo'). " +
  `${uploadsNote}`;
