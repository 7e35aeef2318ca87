import { photoSendRules } from "./message-image-docs";
import { changesNote, messageLimits, pollDescription } from "./route-docs";

/** What /docs says about a club's Avisos channel (announcements-routes.ts). */
export const announcementDocs = {
  read: {
    summary: "A club's Avisos channel",
    description:
      `${pollDescription(
        "Avisos: the club's own voice, beside its chat and never mixed with it (the club chat's poll never returns an aviso, nor this one a chat message). " +
          "Readable by the club's owner (who stays out of the club chat but speaks here), its members and admins; other signed-in users get 403 'Join this club to chat with it.', as the club chat's poll; unknown club 404.",
      )} ${changesNote} ` +
      "Members react to avisos with POST /api/messages/{id}/reactions and its rules; the live connection's conversation is `announcements:<club id>` (docs/live.md).",
  },
  send: {
    summary: "Post an aviso in a club's Avisos channel",
    description:
      "JSON {content, client_id?, reply_to?} (or a photo, below), the club chat's send rules (trimmed, 1-4000 characters, client_id retries answer 200 with the stored aviso, reply_to must be an aviso of the same club: else 422; watched words screen it; muted users 403). " +
      "Writers: the club's owner, admins and officers holding the `post` permission (PUT /api/clubs/{id}/officers/{userId}). A member (or an officer without `post`) gets 403 'Only the club's owner and officers who may post write in Avisos. You can read and react.'; other non-members 403 'Join this club to chat with it.'; unknown club 404. " +
      "Each new aviso is a notice of kind `announcement` (one per channel while unread, its count raised) for every member and the owner except its writer, with a push; muting the club does not silence it (its own switch: kinds.announcement in the notification settings). " +
      "Edits, deletions (the writer; the owner, admins and officers with post delete anyone's aviso, audited) and reactions use the /api/messages/{id} calls. " +
      "An @username of a club member in an aviso gives that member a notice of kind `mention` (path /chat/announcements/{id}?message={message id}), as in the club chat: never for non-members, the writer or anyone on either side of a block with the writer. " +
      `${photoSendRules} ${messageLimits}`,
  },
  reads: {
    summary: "Who has read up to an aviso (Seen by N)",
    description:
      "The club chat's GET /api/messages/club/{id}/reads on the Avisos channel: `?message_id=` (required: else 422 with a `detail`), `count` and `readers` (at most 500, by name; `&names=false` answers the count alone with `readers` empty): members whose Avisos read mark reached the aviso, not its writer, only people who share read receipts, nobody on either side of a block with the writer or the caller. " +
      "For whoever may read the channel (its owner, members, admins; others 403 'Join this club to chat with it.'); an unknown club 404; a message that is not an aviso of this club 404. " +
      "Someone whose notification settings say `read_receipts: false` neither shares their reading nor sees anyone's (then `read_receipts: false` and nothing else). The live connection sends `read` frames on `announcements:<id>` as marks reach the caller's newest aviso (docs/live.md).",
  },
} as const;
