import { z } from "zod";
import { positiveId } from "./params";
import { clubRef } from "./users";

/**
 * An incoming message request as the "Message requests" folder lists it: who wrote (name,
 * school and the clubs you share, which is always none: sharing a club makes it no request)
 * and their latest message.
 */
const messageRequest = z.object({
  user_id: z.number(),
  username: z.string(),
  display_name: z.string().describe("first and last name, else the username"),
  profile_picture_url: z.string().nullable(),
  school: z.string().nullable(),
  shared_clubs: z.array(clubRef).describe("Clubs both people are in: always empty for a request."),
  message_count: z.number().describe("Messages you can see in the request (at most 3 while it waits)."),
  unread_count: z.number(),
  last_message_content: z.string(),
  last_message_at: z.string(),
  created_at: z.string().describe("When the first message of the request was sent."),
});
export const messageRequestList = z.array(messageRequest);
export type MessageRequest = z.infer<typeof messageRequest>;

/** `/api/messages/requests/{userId}`: the person who sent the request. */
export const requestParams = z.object({ userId: positiveId });
