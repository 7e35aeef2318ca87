/** What /docs says about the poll calls (routes.ts): the prose, kept out of the route table. */

const voteLimit =
  "Votes and withdrawals together are limited per account (RATE_POLL_VOTES_PER_ACCOUNT, default 30 in 10 minutes) and per client address (RATE_POLL_VOTES_PER_ADDRESS, default 1200 in 10 minutes): past either 429 with Retry-After.";

const pollShape =
  "Answers the poll: `options` with each index, text and vote count, `total_voters` (people, not votes: a multiple-choice voter counts once), `my_votes` (the caller's indexes), `closed` (closed by hand or closes_at passed), `can_vote`, `can_close`. Never who voted.";

export const pollsDocs = {
  createPoll: {
    summary: "Publish a poll in a club",
    description: `JSON \`{question, options, multiple, anonymous, closes_at}\`: question 1-300 characters; 2 to 10 options of 1-100 characters, no two alike (else 422 on body.options); multiple (default false) lets a voter choose several options; anonymous (default false) hides who voted from everyone, admins and the data export included; closes_at an ISO 8601 time in the future (422 otherwise) or null (open until closed by hand). The poll is published as a post of the club (its title is the question, \`poll_id\` set), so it shows in the club's Posts tab and the feed, and every member gets a \`club_poll\` notice. The question and options pass the watched words like a post (a block is 422, a hold hides the post until an admin approves it). Only the club's owner or an admin (403), not while muted (403); unknown club 404. Counted as a post: RATE_POSTS_PER_ACCOUNT (default 20 an hour) and RATE_POSTS_PER_ADDRESS (default 200 an hour), past either 429 with Retry-After. ${pollShape}`,
  },
  getPoll: {
    summary: "A poll and its results (guests too)",
    description: `${pollShape} Unknown id, or a poll held for review (except for its author): 404.`,
  },
  vote: {
    summary: "Vote in a poll (or change the vote)",
    description: `JSON \`{options: [indexes]}\`: exactly one index unless the poll is multiple (then one or more), each an option of the poll, none twice (422 on body.options). A second vote replaces the first. Members of the club (and its owner) only: 403 otherwise. A closed poll (by hand or past closes_at) answers 409 "This poll is closed". ${voteLimit} ${pollShape}`,
  },
  withdraw: {
    summary: "Withdraw the caller's vote",
    description: `Removes the caller's vote (nothing happens if there was none). Members only (403); a closed poll 409. ${voteLimit} ${pollShape}`,
  },
  voters: {
    summary: "Who voted for what (not for anonymous polls)",
    description:
      "Each option with the people who chose it (user_id and display name), in the order they voted. Members of the club, its owner and admins only (403). An anonymous poll answers 403 for everyone: its voters are never shown.",
  },
  close: {
    summary: "Close a poll",
    description: `By the poll's creator, the club's owner, an officer with \`post\` or an admin (403 otherwise). Closing a closed poll changes nothing. Votes are refused from then on (409). ${pollShape}`,
  },
};
