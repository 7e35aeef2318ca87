import { useEffect } from "react";
import type { PinnedJson } from "../../../../common/api/chat-pins";
import { followLive, useFollowedLive } from "../../../lib/live/live-state";
import { useResource } from "../../../lib/use-resource";
import type { ChatTarget } from "./chat-fetch";

/** Without the live connection the pin is asked for again this often. */
const REFRESH_MS = 30_000;

/**
 * A club chat's pinned message (`GET /api/messages/club/{id}/pinned`): asked for when the chat
 * opens, again on each live `pin` frame and after a reconnect, and every 30 s while the live
 * connection is down. Nothing for a direct chat.
 */
export function usePinnedMessage(target: ChatTarget, enabled: boolean) {
  const club = target.type === "club";
  const name = `${target.type}:${target.id}`;
  const live = useFollowedLive(name);
  const pinned = useResource<PinnedJson>(
    ["chat-pinned", target.id],
    (api) => api.get<PinnedJson>(`/api/messages/club/${target.id}/pinned`),
    { enabled: enabled && club, refetchInterval: live ? undefined : REFRESH_MS },
  );
  const { reload } = pinned;
  useEffect(() => {
    if (!enabled || !club) return;
    return followLive(name, {
      message: () => {},
      followed: () => void reload(),
      pin: () => void reload(),
    });
  }, [enabled, club, name, reload]);
  return pinned;
}
