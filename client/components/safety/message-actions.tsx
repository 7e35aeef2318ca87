import type { ChatMessage } from "../../../common/api/chat";
import { m } from "../../../common/messages";
import { useApi } from "../../lib/use-resource";
import { BlockPersonButton } from "./block-person-button";
import { DeleteOwnButton } from "./delete-own-button";

const t = m.safetyPage;

/** Under a chat message: Delete on the user's own, Block on someone else's. */
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
  if (message.sender_id === myId) {
    return (
      <DeleteOwnButton
        label={t.deleteMessage}
        confirmText={t.deleteMessageConfirm}
        onDelete={async () => {
          await api.del(`/api/messages/${message.id}`);
          onDeleted(message.id);
        }}
      />
    );
  }
  if (!canBlock) return null;
  return (
    <BlockPersonButton userId={message.sender_id} name={message.sender_display_name} onBlocked={onBlocked} />
  );
}
