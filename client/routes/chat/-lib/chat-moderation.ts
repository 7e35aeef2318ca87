import type { ChatMessage } from "../../../../common/api/chat";
import type { PinnedJson } from "../../../../common/api/chat-pins";
import { m } from "../../../../common/messages";
import { askToConfirm } from "../../../components/confirm-host";
import type { Api } from "../../../lib/api";
import { errorText } from "../../../lib/use-resource";
import type { ChatModeration } from "./moderation-actions";

/**
 * A club chat moderator's actions on its messages: pin, unpin, and delete someone else's message
 * (asked first). A failure is shown through `setNote`; `onDeleted` updates the thread.
 */
export function chatModeration({
  api,
  pinnedId,
  setPinned,
  setNote,
  onDeleted,
}: {
  api: Api;
  pinnedId: number | null;
  setPinned: (pinned: PinnedJson) => void;
  setNote: (note: string) => void;
  onDeleted: (message: ChatMessage) => void;
}): ChatModeration {
  const moderate = (action: () => Promise<void>, fallback: string) => {
    setNote("");
    action().catch((cause) => setNote(errorText(cause, fallback)));
  };
  return {
    pinnedId,
    pin: (message) =>
      moderate(async () => {
        setPinned(await api.post<PinnedJson>(`/api/messages/${message.id}/pin`));
      }, m.chatPins.pinFailed),
    unpin: (message) =>
      moderate(async () => {
        await api.del(`/api/messages/${message.id}/pin`);
        setPinned({ message: null, pinned_by: null, pinned_at: null });
      }, m.chatPins.unpinFailed),
    remove: (message) =>
      moderate(async () => {
        const ok = await askToConfirm({
          message: m.safetyPage.deleteMessageConfirm,
          confirmLabel: m.shellCommon.confirmDelete,
        });
        if (!ok) return;
        await api.del(`/api/messages/${message.id}`);
        onDeleted(message);
      }, m.safetyPage.failed),
  };
}
