import { z } from "zod";
import { messageResponse } from "./chat";

/**
 * A club chat's pinned message (`GET /api/messages/club/{id}/pinned`): the message as the
 * caller's poll shows it, or null when nothing is pinned (or the pinned message was deleted, or
 * its sender is someone the caller blocked).
 */
export const pinnedResponse = z.object({
  message: messageResponse.nullable(),
  pinned_by: z.number().nullable().describe("Who pinned it (an officer with moderate_chat or an admin)"),
  pinned_at: z.string().nullable(),
});
export type PinnedJson = z.infer<typeof pinnedResponse>;
