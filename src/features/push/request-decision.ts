import { format, m } from "../../../common/messages";
import type { ListedNotice } from "../notices";
import type { PushNotice } from "./queue-push";

const DECISIONS = new Set(["request_accepted", "request_declined"]);

/**
 * The push for "your join request was accepted / declined" (call inside the recipient's
 * locale): its own words and tag rather than the notice list's line, and the club's picture.
 * Null for every other notice kind.
 */
export function requestDecisionPush(row: ListedNotice): PushNotice | null {
  if (!DECISIONS.has(row.kind) || row.clubId === null) return null;
  const accepted = row.kind === "request_accepted";
  const club = row.clubName ?? "";
  return {
    title: format(accepted ? m.push.requestAccepted : m.push.requestDeclined, { club }),
    body: accepted ? m.push.requestAcceptedBody : m.push.requestDeclinedBody,
    path: accepted ? `/clubs/${row.clubId}` : "/clubs",
    tag: `club-${row.clubId}-request`,
    icon: row.clubImageId ? `/uploads/${row.clubImageId}` : undefined,
    kind: row.kind,
    clubId: row.clubId,
  };
}
