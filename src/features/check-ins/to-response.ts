import { uploadUrl } from "../uploads";
import type { CheckInPersonRow, CheckInRow } from "./queries";
import type { CheckInResult } from "./schema";

/** A person as the attendance list shows them. */
export function toPerson(row: CheckInPersonRow) {
  return {
    id: row.id,
    username: row.username,
    first_name: row.firstName,
    last_name: row.lastName,
    profile_picture_url: uploadUrl(row.profilePictureId),
  };
}

/** One check-in as the API answers it. */
export function toResult(postId: number, row: CheckInRow): CheckInResult {
  return {
    post_id: postId,
    user_id: row.userId,
    checked_in_at: row.checkedInAt.toISOString(),
    status: row.status,
  };
}
