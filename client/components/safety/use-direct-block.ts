import type { BlockState } from "../../../common/api/blocks";
import { m } from "../../../common/messages";
import { useResource } from "../../lib/use-resource";

/**
 * Why a direct chat cannot send (null when it can): the user blocked the person, or the person
 * cannot be messaged (blocked the user, which is never said outright). Only for direct chats.
 */
export function useDirectBlock(userId: number, enabled: boolean): string | null {
  const state = useResource(["blocks", userId], (api) => api.get<BlockState>(`/api/blocks/${userId}`), {
    enabled,
  });
  if (!enabled || !state.data || state.data.can_message) return null;
  return state.data.blocked ? m.safetyPage.chatBlockedByMe : m.safetyPage.chatCannotMessage;
}
