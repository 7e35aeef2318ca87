import { useQuery } from "@tanstack/react-query";
import type { ClubReadState, DirectReadState } from "../../../../common/api/mentions";
import { m } from "../../../../common/messages";
import { useFollowedLive } from "../../../lib/live/live-state";
import { useApi } from "../../../lib/use-resource";
import type { ChatTarget } from "./chat-fetch";

/** Without the live connection, read state is asked again this often (a chat's own poll is 2 s). */
const READS_POLL_MS = 10_000;

export type ReadState =
  | { kind: "direct"; state: DirectReadState }
  | { kind: "club"; state: ClubReadState }
  | null;

/**
 * How far others have read the person's last message (GET /api/messages/{user|club}/{id}/reads,
 * …/club/{id}/announcements/reads for Avisos),
 * in the query cache under ["reads", type, id, messageId]. The live connection's `read` frames
 * refresh it (use-chat-thread.ts invalidates ["reads", type, id]); without it, a slow poll does,
 * and a direct chat stops asking once the message is seen.
 */
export function useReadState(target: ChatTarget, messageId: number | null): ReadState {
  const api = useApi();
  const live = useFollowedLive(`${target.type}:${target.id}`);
  const query = useQuery<ReadState>({
    queryKey: ["reads", target.type, target.id, messageId],
    enabled: messageId !== null,
    queryFn: async ({ signal }) => {
      const fallback = m.readState.failedLoad;
      if (target.type === "user") {
        const state = await api.get<DirectReadState>(`/api/messages/user/${target.id}/reads`, {
          signal,
          fallback,
        });
        return { kind: "direct", state };
      }
      // A club's Avisos channel has the club chat's "Visto por N" on its own read marks.
      const path = target.type === "announcements" ? `club/${target.id}/announcements` : `club/${target.id}`;
      // The count alone: the names (up to 500 rows) load when the list is opened (useClubReaders).
      const state = await api.get<ClubReadState>(
        `/api/messages/${path}/reads?message_id=${messageId}&names=false`,
        { signal, fallback },
      );
      return { kind: "club", state };
    },
    refetchInterval: (q) => {
      if (live) return false;
      const data = q.state.data;
      if (data?.kind === "direct") {
        const seen = (data.state.last_read_id ?? 0) >= (messageId ?? 0);
        if (seen || !data.state.read_receipts) return false;
      }
      if (data?.kind === "club" && !data.state.read_receipts) return false;
      return READS_POLL_MS;
    },
  });
  return query.data ?? null;
}

/**
 * The names behind "Visto por N" (at most 500), read when the list is opened, under
 * ["reads", type, id, messageId, "names"]: the same live frames refresh it while it is open.
 */
export function useClubReaders(target: ChatTarget, messageId: number, open: boolean) {
  const api = useApi();
  const path = target.type === "announcements" ? `club/${target.id}/announcements` : `club/${target.id}`;
  return useQuery<ClubReadState>({
    queryKey: ["reads", target.type, target.id, messageId, "names"],
    enabled: open && target.type !== "user",
    queryFn: ({ signal }) =>
      api.get<ClubReadState>(`/api/messages/${path}/reads?message_id=${messageId}`, {
        signal,
        fallback: m.readState.failedLoad,
      }),
  });
}
