import type { SessionUser } from "../../lib/session-token";
import type { PollRow } from "./queries";
import type { PollJson } from "./schema";

export function isPollClosed(poll: Pick<PollRow, "closedAt" | "closesAt">, now = new Date()): boolean {
  return poll.closedAt !== null || (poll.closesAt !== null && poll.closesAt <= now);
}

/** The poll as the API shows it: counts only, never who voted. */
export function toPollJson(
  poll: PollRow,
  tally: { votes: Map<number, number>; total: number },
  viewer: { user: SessionUser | null; isMember: boolean; myVotes: number[]; mayClose: boolean },
): PollJson {
  const closed = isPollClosed(poll);
  return {
    id: poll.id,
    club_id: poll.clubId,
    post_id: poll.postId,
    question: poll.question,
    options: poll.options.map((text, index) => ({ index, text, votes: tally.votes.get(index) ?? 0 })),
    multiple: poll.multiple,
    anonymous: poll.anonymous,
    closes_at: poll.closesAt ? poll.closesAt.toISOString() : null,
    closed,
    total_voters: tally.total,
    my_votes: viewer.myVotes,
    can_vote: viewer.isMember && !closed,
    can_close: !closed && viewer.mayClose,
    can_see_voters: !poll.anonymous && (viewer.isMember || viewer.user?.role === "admin"),
  };
}
