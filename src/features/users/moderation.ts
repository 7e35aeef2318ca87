import { formatDateTime } from "../../../common/datetime";
import { format, m } from "../../../common/messages";
import { Forbidden } from "../../lib/errors";

// Ends are shown in Managua time in the reader's language, never as raw ISO.

/** A banned account cannot use the app until the ban ends (checked on every signed-in request). */
export function assertNotBanned(user: { banUntil: Date | null }): void {
  if (user.banUntil && user.banUntil > new Date()) {
    throw new Forbidden(format(m.auth.bannedUntil, { until: formatDateTime(user.banUntil) }));
  }
}

/** A muted user can read but not post, comment or send messages. */
export function assertNotMuted(user: { muteUntil: Date | null }): void {
  if (user.muteUntil && user.muteUntil > new Date()) {
    throw new Forbidden(format(m.auth.mutedUntil, { until: formatDateTime(user.muteUntil) }));
  }
}
