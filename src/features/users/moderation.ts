import { formatDateTime } from "../../../common/datetime";
import { format, m } from "../../../common/messages";
import { Forbidden } from "../../lib/errors";

// A mute's end is shown in Managua time in the reader's language, never as raw ISO. (Bans are
// checked where sessions are: src/features/auth/session.ts.)

/** A muted user can read but not post, comment or send messages. */
export function assertNotMuted(user: { muteUntil: Date | null }): void {
  if (user.muteUntil && user.muteUntil > new Date()) {
    throw new Forbidden(format(m.auth.mutedUntil, { until: formatDateTime(user.muteUntil) }));
  }
}
