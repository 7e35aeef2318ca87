import type { ChatMessage } from "../../../common/api/chat";
import { m } from "../../../common/messages";
import { useApi } from "../../lib/use-resource";
import type { MenuAction } from "../action-menu";
import { useThingActions } from "./thing-menu";

const t = m.safetyPage;

export type MessageActionsOptions = {
  message: ChatMessage;
  myId: number;
  /** False where the sender is already blocked (a closed direct chat). */
  canBlock: boolean;
  onDeleted: (id: number) => void;
  onBlocked: (userId: number) => void;
  /** The chat's own actions (reply, react, edit), listed before Report, Block and Delete. */
  extra?: MenuAction[];
};

/**
 * A chat message's actions: Report and Block on someone else's, Delete on the user's own (asked
 * first), after the chat's own. The chat bubble opens them (long-press, right-click, a hover
 * button, Enter) in its menu and renders `overlay` (the report dialog, a failure) beside it.
 */
export function useMessageActions({
  message,
  myId,
  canBlock,
  onDeleted,
  onBlocked,
  extra = [],
}: MessageActionsOptions) {
  const api = useApi();
  const things = useThingActions({
    type: "message",
    id: message.id,
    author: { id: message.sender_id, name: message.sender_display_name },
    myId,
    canBlock,
    onBlocked,
    deleteLabel: t.deleteMessage,
    deleteConfirm: t.deleteMessageConfirm,
    onDelete: async () => {
      await api.del(`/api/messages/${message.id}`);
      onDeleted(message.id);
    },
  });
  if (!things) return { actions: extra, overlay: null };
  return { actions: [...extra, ...things.actions], overlay: things.overlay };
}
