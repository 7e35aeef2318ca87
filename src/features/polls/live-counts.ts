import type { PollCounts } from "../../../common/api/live";
import type { Database } from "../../lib/database/client";
import { selectClubAudience } from "./live-queries";
import { isPollClosed } from "./present";
import { selectPoll, selectTally } from "./queries";

/**
 * The polls feature's public surface for the live `poll` frame (src/features/live/poll-frames.ts):
 * a poll's counts, the same for every viewer (each keeps their own my_votes), and who may hear
 * them. Never who voted.
 */
export async function readPollCounts(
  db: Database,
  pollId: number,
): Promise<{ counts: PollCounts; clubId: number } | null> {
  const poll = await selectPoll(db, pollId);
  // A held poll is its author's alone until approved: nobody is told its counts.
  if (!poll || poll.postHeld) return null;
  const tally = await selectTally(db, pollId);
  return {
    clubId: poll.clubId,
    counts: {
      id: poll.id,
      club_id: poll.clubId,
      options: poll.options.map((text, index) => ({ index, text, votes: tally.votes.get(index) ?? 0 })),
      total_voters: tally.total,
      closed: isPollClosed(poll),
    },
  };
}

/** Of the people signed in on this process, the club's members and owner. */
export function readPollAudience(db: Database, clubId: number, userIds: number[]): Promise<number[]> {
  return selectClubAudience(db, clubId, userIds);
}
