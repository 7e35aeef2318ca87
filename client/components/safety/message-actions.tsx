import type { ChatMessage } from "../../../common/api/chat";
import { m } from "../../../common/messages";
import { useApi } from "../../lib/use-resource";
import { ThingMenu } from "./thing-menu";

const t = m.safetyPage;

/** A chat message's "⋯" menu: Report and Block on someone else's, Delete on the user's own. */
export function MessageActions({
  message,
  myId,
  canBlock,
  onDeleted,
  onBlocked,
}: {
  message: ChatMessage;
  myId: number;
  /** False where the sender is already blocked (a closed direct chat). */
  canBlock: boolean;
  onDeleted: (id: number) => void;
  onBlocked: (userId: number) => void;
}) {
  const api = useApi();
  return (
    <ThingMenu
      type="message"
      id={message.id}
      author={{ id: message.sender_id, name: message.sender_display_name }}
      myId={myId}
      canBlock={canBlock}
      onBlocked={onBlocked}
      deleteLabel={t.deleteMessage}
      deleteConfirm={t.deleteMessageConfirm}
      onDelete={async () => {
        await api.del(`/api/messages/${message.id}`);
        onDeleted(message.id);
      }}
    />
  );
}
