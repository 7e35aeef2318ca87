/** What /docs says about the block calls (routes.ts): the prose, kept out of the route table. */

const limits =
  "Blocking and unblocking together are limited per account (RATE_BLOCKS_PER_ACCOUNT, default 60 an hour) and per client address (RATE_BLOCKS_PER_ADDRESS, default 600 an hour): past either 429 with Retry-After.";

const target = "Yourself: 422. Unknown user: 404.";

export const blocksDocs = {
  listBlocked: {
    summary: "The people the caller blocked, most recent first",
    description:
      "For the profile's Blocked people list. Every signed-in user (banned users get 403 like everywhere).",
  },
  blockState: {
    summary: "Block state between the caller and user {id}",
    description: `blocked: the caller blocked them. can_message: direct messages are possible (false when either side blocked; whether the other side blocked the caller is not told on its own). ${target}`,
  },
  block: {
    summary: "Block user {id}",
    description: `Silent: the blocked person is not told. From then on direct messages between the two are refused both ways (403), neither sees the other in the conversation list, and the caller no longer sees their comments and club-chat messages. Blocking twice is the same as once. Muted users may block. 204. ${target} ${limits}`,
  },
  unblock: {
    summary: "Unblock user {id}",
    description: `Restores messages and shows their comments and club messages again. Unblocking someone not blocked is 204 too. ${target} ${limits}`,
  },
} as const;
