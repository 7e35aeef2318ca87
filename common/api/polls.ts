import { z } from "zod";

import { POLL_RULES } from "../poll-rules";

export { POLL_RULES };

export const createPollBody = z.object({
  question: z.string().max(POLL_RULES.questionMax),
  options: z.array(z.string().max(POLL_RULES.optionMax)).max(POLL_RULES.maxOptions * 2),
  multiple: z.boolean().default(false),
  anonymous: z.boolean().default(false),
  closes_at: z
    .string()
    .max(64)
    .nullable()
    .default(null)
    .describe("ISO 8601; null: open until closed by hand. Must be in the future."),
});
export type CreatePollInput = z.infer<typeof createPollBody>;

export const voteBody = z.object({
  options: z
    .array(z.number().int().min(0).max(100))
    .max(POLL_RULES.maxOptions)
    .describe("Indexes of the chosen options: exactly one unless the poll is `multiple`."),
});
export const pollResponse = z.object({
  id: z.number(),
  club_id: z.number(),
  post_id: z.number().describe("The post that carries the poll in the feed and the club's Posts tab."),
  question: z.string(),
  options: z.array(z.object({ index: z.number(), text: z.string(), votes: z.number() })),
  multiple: z.boolean(),
  anonymous: z.boolean(),
  closes_at: z.string().nullable(),
  closed: z.boolean().describe("Closed by hand, or closes_at has passed."),
  total_voters: z.number(),
  my_votes: z.array(z.number()).describe("The caller's chosen indexes (empty: not voted, or a guest)."),
  can_vote: z.boolean().describe("The caller is a member and the poll is open."),
  can_close: z.boolean(),
  can_see_voters: z
    .boolean()
    .describe("GET /api/polls/{id}/voters would answer: not anonymous, and the caller a member or an admin."),
});
export type PollJson = z.infer<typeof pollResponse>;

export const pollVotersResponse = z.array(
  z.object({
    index: z.number(),
    text: z.string(),
    voters: z.array(z.object({ user_id: z.number(), name: z.string() })),
  }),
);
export type PollVotersJson = z.infer<typeof pollVotersResponse>;
