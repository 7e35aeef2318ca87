import type { LiveServerMessage } from "../../../common/api/live";
import { type ClubView, type ClubViewer, jsonOfView } from "../chat";

/** Club chat frames serialised and sent by this process (hub.stats(), the bench). */
export type FrameCounts = { serialised: number; sent: number };

/**
 * The frames of one delivery run over a club's followers, serialised once per view: followers
 * with the same view key (chat/message-json.ts viewKeyOf) are sent the very same string. A club
 * of 2,000 followers then costs one JSON.stringify per message (plus one for the sender and one
 * per reader whose view differs), not 2,000. Kept only for the run: the next run reads rows anew.
 */
export function createSharedFrames(counts: FrameCounts) {
  const texts = new Map<string, string>();
  return {
    text(
      type: "message" | "message_updated",
      conversation: string,
      view: ClubView,
      viewer: ClubViewer,
    ): string {
      const key = `${type} ${conversation} ${view.key}`;
      let text = texts.get(key);
      if (text === undefined) {
        const frame: LiveServerMessage = { type, conversation, message: jsonOfView(view, viewer) };
        text = JSON.stringify(frame);
        texts.set(key, text);
        counts.serialised += 1;
      }
      return text;
    },
  };
}
