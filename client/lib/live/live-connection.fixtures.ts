import type { ChatMessage } from "../../../common/api/chat";
import { mergeMessages } from "../../routes/chat/-lib/chat-fetch";
import { createLiveConnection, type LiveStatus } from "./live-connection";

/**
 * The browser's live connection as a chat thread drives it, for tests against a real server:
 * it follows `conversation` (when given), and on every `followed` asks `catchUp` for what came
 * after the newest message it holds (the thread's `?after=` request), merging live messages and
 * caught-up ones into one thread.
 */
export function startLiveThread({
  url,
  token,
  conversation,
  catchUp = async () => [],
  backoffMs = 50,
}: {
  url: string;
  token: string;
  conversation?: string;
  catchUp?: (afterId: number) => Promise<ChatMessage[]>;
  backoffMs?: number;
}) {
  const state = { thread: [] as ChatMessage[], follows: 0, liveMessages: 0, statuses: [] as LiveStatus[] };
  const connection = createLiveConnection({
    url,
    token: () => token,
    backoff: () => backoffMs,
    handlers: {
      status: (status) => state.statuses.push(status),
      followed: () => {
        state.follows += 1;
        void catchUp(state.thread.at(-1)?.id ?? 0).then((messages) => {
          state.thread = mergeMessages(state.thread, messages);
        });
      },
      message: (_name, message) => {
        state.liveMessages += 1;
        state.thread = mergeMessages(state.thread, [message]);
      },
      refused: () => {},
      badge: () => {},
      notice: () => {},
      typing: () => {},
    },
  });
  if (conversation) connection.follow(conversation);
  connection.start();
  return { state, stop: () => connection.stop() };
}
