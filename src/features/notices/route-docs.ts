/** What /docs says about the notice calls (routes.ts): the prose, kept out of the route table. */

const limits =
  "Marking read (one or all together) is limited per account (RATE_NOTICE_READS_PER_ACCOUNT, default 300 in 10 minutes): past it 429 with Retry-After.";

export const noticesDocs = {
  listNotices: {
    summary: "The caller's notices, latest first (the notification centre)",
    description:
      "Every kind (request_accepted, request_declined, event_moved, event_cancelled, event_promoted, report_actioned, " +
      "report_dismissed, join_request, club_post, club_event, post_comment, direct_message, club_message, owner_approved, " +
      "owner_denied, account_muted, account_banned, role_changed, club_poll, club_transfer, announcement), each with the ids it is about, the `path` a tap opens, " +
      "one line of `text` in the caller's language and a picture. Ordered by last change (a chat notice moves up as it " +
      "grows: one per conversation while unread, `count` messages). ?limit= (1-100, default 20); ?before=<id of the " +
      "previous page's last notice> for the next page (keyset). `seen` is the Connections screen's mark (the badge " +
      "kinds count on GET /api/notifications until seen); `read` is the centre's. Reading the list marks nothing.",
  },
  counts: {
    summary: "The bell's numbers",
    description:
      "{unread: notices not read in the centre, join_requests: connection requests waiting for the caller's decision " +
      "(clubs they own while owner, and clubs where they are an officer with accept_requests; all for admins), shown where the requests are, connection_notices: the notices the " +
      "Connections badge counts until seen; the badge minus both is the unread messages, for the Chats tab}. Poll it like the badge: it answers " +
      "with an ETag, and If-None-Match gives a bodiless 304 while nothing changed.",
  },
  readAll: {
    summary: "Mark every notice of the caller read",
    description: `Answers {unread: 0}. Read is seen too: the Connections badge (GET /api/notifications) stops counting them. ${limits}`,
  },
  readOne: {
    summary: "Mark one notice read",
    description: `Answers {unread} (the caller's notices still unread). Another person's notice or an unknown id: 404. Opening a chat (GET /api/messages/...) also reads that chat's notice, and answering a join request (or withdrawing it) reads the owner's notice of it. Read is seen too: the Connections badge stops counting it. ${limits}`,
  },
} as const;
