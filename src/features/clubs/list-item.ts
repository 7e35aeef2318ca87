import { uploadUrl } from "../uploads";
import type { ClubListRow } from "./queries";

/**
 * The clubs feature's public club-card module: other features list clubs with these columns
 * (`clubListColumns`, for their queries) and answer them with `toClubListItem`.
 */
export { type ClubListRow, clubListColumns } from "./queries";

/** The club card shape, used by every response that lists clubs. */
export function toClubListItem(row: ClubListRow) {
  return {
    id: row.id,
    name: row.name,
    description: row.description,
    tags: row.tags,
    region: row.region,
    image_url: uploadUrl(row.imageId),
    profile_image_url: uploadUrl(row.profileImageId),
    member_count: row.memberCount,
    is_open: row.isOpen,
    cover_position_x: row.coverPositionX,
    cover_position_y: row.coverPositionY,
  };
}

export type ClubListItem = ReturnType<typeof toClubListItem>;
