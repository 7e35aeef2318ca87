import { z } from "zod";
import { m } from "../messages";
import { clubListItem } from "./clubs";
import { pageFields, positiveId } from "./params";

const id = positiveId;
export const sendRequestQuery = z.object({ club_id: id });
const MAX_JOIN_ANSWER_LENGTH = 500;
/** Optional: only clubs with join questions need it, one answer per question in order. */
export const sendRequestBody = z
  .object({
    answers: z
      .array(
        z
          .string()
          .trim()
          .max(MAX_JOIN_ANSWER_LENGTH, { error: () => m.joinQuestions.answerTooLong }),
      )
      .max(3, { error: () => m.joinQuestions.tooMany })
      .optional(),
  })
  .optional();
const joinAnswer = z.object({ question: z.string(), answer: z.string() });
export const removeConnectionQuery = z.object({ user_id: id.optional() });
export const pageQuery = z.object(pageFields());
export const receivedQuery = pageQuery.extend({ club_id: id.optional() });

const requestUser = z.object({
  id: z.number(),
  username: z.string(),
  first_name: z.string().nullable(),
  last_name: z.string().nullable(),
  profile_picture_url: z.string().nullable(),
});

export const connectionRequest = z.object({
  id: z.number(),
  club_id: z.number(),
  user_id: z.number(),
  club: clubListItem,
  user: requestUser,
  answers: z
    .array(joinAnswer)
    .optional()
    .describe("The answers to the club's join questions; only in the owner's and admins' received list"),
  created_at: z.string(),
});

export const myConnections = z.object({
  clubs: z.array(
    clubListItem.extend({
      is_owner: z.boolean(),
      last_message_content: z.string().nullable(),
      last_message_at: z.string().nullable(),
    }),
  ),
  members: z.array(
    requestUser.extend({
      club_id: z.number(),
      club_name: z.string(),
      last_message_content: z.string().nullable(),
      last_message_at: z.string().nullable(),
    }),
  ),
});

export const okResponse = z.object({ ok: z.literal(true) });

export type JoinAnswer = z.infer<typeof joinAnswer>;
export type ConnectionRequest = z.infer<typeof connectionRequest>;
export type MyConnections = z.infer<typeof myConnections>;
export type ConnectionClub = MyConnections["clubs"][number];
export type ConnectionMember = MyConnections["members"][number];
