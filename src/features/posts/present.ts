import type { SessionUser } from "../../lib/session-token";
import { holdsClubPermission } from "../clubs";
import { uploadUrl } from "../uploads";
import type { PostRow } from "./queries";
import type { PostJson } from "./schema";

export function toPostJson(row: PostRow, viewer: SessionUser | null): PostJson {
  const imageUrl = uploadUrl(row.imageId);
  const may = (permission: "post" | "check_in") =>
    holdsClubPermission({
      user: viewer,
      club: { ownerId: row.clubOwnerId },
      granted: row.myOfficerPermissions,
      permission,
    });
  return {
    id: row.id,
    club_id: row.clubId,
    club_name: row.clubName,
    club_image_url: uploadUrl(row.clubImageId),
    club_cover_url: uploadUrl(row.clubCoverId),
    title: row.title,
    short_description: row.shortDescription,
    content: row.content,
    instagram_url: row.instagramUrl,
    image_url: imageUrl,
    thumbnail_url: uploadUrl(row.thumbnailId) ?? imageUrl,
    media: imageUrl ? [{ url: imageUrl }] : [],
    is_event: row.isEvent,
    event_date: row.eventDate ? row.eventDate.toISOString() : null,
    event_location: row.eventLocation,
    capacity: row.capacity,
    going_count: row.goingCount,
    waitlist_count: row.waitlistCount,
    my_rsvp: row.myRsvp ?? null,
    poll_id: row.pollId ?? null,
    display_image_first: row.displayImageFirst,
    created_at: row.createdAt.toISOString(),
    like_count: row.likeCount,
    liked_by_me: Boolean(row.likedByMe),
    favorite_count: row.favoriteCount,
    favorited_by_me: Boolean(row.favoritedByMe),
    comment_count: row.commentCount,
    views: row.views,
    // The owner, an admin, or an officer given `post` (edit and delete) / `check_in` (attendance,
    // the RSVP list): the rules the calls themselves check (clubs/permissions.ts).
    can_edit: may("post"),
    can_check_in: may("check_in"),
    pending_review: row.held,
  };
}
