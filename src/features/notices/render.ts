import { formatDateTime } from "../../../common/datetime";
import { format, m } from "../../../common/messages";
import { uploadUrl } from "../uploads";
import type { NoticeListRow } from "./list-queries";

type Names = Pick<NoticeListRow, "clubName" | "actorName" | "postTitle">;
type Renderable = Pick<NoticeListRow, "kind" | "count" | "until" | "role"> &
  Partial<Pick<NoticeListRow, "inAnnouncements">> &
  Names;

function roleName(role: string | null): string {
  const t = m.notices;
  return role === "admin" ? t.roleAdmin : role === "owner" ? t.roleOwner : t.roleMember;
}

function transferText(step: string | null): string {
  const t = m.notices.transfer;
  const texts: Record<string, string> = {
    offered: t.offered,
    awaiting_approval: t.awaitingApproval,
    declined: t.declined,
    cancelled: t.cancelled,
    completed: t.completed,
    refused: t.refused,
    reassigned: t.reassigned,
  };
  return texts[step ?? ""] ?? t.completed;
}

/**
 * The notice's one line in the current language (the reader's request, or `inLocale` for a
 * push or e-mail to someone else): rendered when read, so a language change applies to old ones.
 */
export function renderNoticeText(notice: Renderable): string {
  const t = m.notices;
  const values = {
    club: notice.clubName ?? t.aClub,
    person: notice.actorName ?? t.someone,
    post: notice.postTitle ?? t.aPost,
    count: notice.count,
  };
  const texts: Record<string, () => string> = {
    request_accepted: () => t.requestAccepted,
    request_declined: () => t.requestDeclined,
    event_moved: () => t.eventMoved,
    event_cancelled: () => t.eventCancelled,
    event_promoted: () => t.eventPromoted,
    report_actioned: () => t.reportActioned,
    report_dismissed: () => t.reportDismissed,
    join_request: () => t.joinRequest,
    club_post: () => t.clubPost,
    club_event: () => t.clubEvent,
    club_poll: () => t.clubPoll,
    post_comment: () => t.postComment,
    direct_message: () => t.directMessage,
    club_message: () => t.clubMessage,
    owner_approved: () => t.ownerApproved,
    owner_denied: () => t.ownerDenied,
    account_muted: () => (notice.until ? t.accountMuted : t.accountUnmuted),
    account_banned: () => t.accountBanned,
    role_changed: () => t.roleChanged,
    // A handover's step rides in the role field (see clubs/handover-service.ts).
    club_transfer: () => transferText(notice.role),
    mention: () => (notice.inAnnouncements ? t.mentionInAvisos : t.mention),
    announcement: () => t.announcement,
  };
  const template = texts[notice.kind]?.() ?? t.someone;
  return format(template, {
    ...values,
    until: notice.until ? formatDateTime(notice.until) : "",
    role: roleName(notice.role),
  });
}

/** The app page a tap opens. */
export function noticePath(
  notice: Pick<NoticeListRow, "kind" | "clubId" | "postId" | "actorId" | "messageId"> &
    Partial<Pick<NoticeListRow, "inAnnouncements">>,
): string {
  const club = notice.clubId;
  const postPath =
    club && notice.postId ? `/clubs/${club}?post=${notice.postId}` : club ? `/clubs/${club}` : "/home";
  switch (notice.kind) {
    case "request_accepted":
    case "request_declined":
      return club ? `/clubs/${club}` : "/home";
    case "join_request":
      return "/connections?tab=requests";
    case "direct_message":
      return notice.actorId ? `/chat/user/${notice.actorId}` : "/chats";
    case "club_message":
      return club ? `/chat/club/${club}` : "/chats";
    case "club_transfer":
      return club ? `/clubs/${club}` : "/home";
    case "announcement":
      return club ? `/chat/announcements/${club}` : "/chats";
    case "mention": {
      if (!club) return "/chats";
      const chat = notice.inAnnouncements ? `/chat/announcements/${club}` : `/chat/club/${club}`;
      return notice.messageId ? `${chat}?message=${notice.messageId}` : chat;
    }
    case "event_moved":
    case "event_cancelled":
    case "event_promoted":
    case "club_post":
    case "club_event":
    case "club_poll":
    case "post_comment":
      return postPath;
    case "report_actioned":
    case "report_dismissed":
      return "/home";
    default:
      return "/profile";
  }
}

/** The picture beside it: the person's for what a person did, else the club's. */
export function noticeImage(
  notice: Pick<NoticeListRow, "kind" | "clubImageId" | "actorPictureId">,
): string | null {
  const byPerson = ["direct_message", "join_request", "post_comment", "mention"].includes(notice.kind);
  return uploadUrl(byPerson ? notice.actorPictureId : notice.clubImageId);
}
