import { useCallback, useContext, useSyncExternalStore } from "react";
import { QueryClientContext } from "./query-context";

/** The query-cache key of the unread count for a session (client/lib/shared-data.ts polls it). */
export const unreadKey = (token: string | null) => ["notifications", "count", token] as const;

const noSubscription = () => () => {};

/**
 * The unread count the poller last read (0 for guests); never starts a request itself. It reads
 * the cache directly instead of through useQuery, so the top bar every page shows does not pull
 * TanStack Query into a guest's first download (client/lib/query-layer.tsx).
 */
export function useNotificationCount(token: string | null): number {
  const client = useContext(QueryClientContext);
  const subscribe = useCallback(
    (onChange: () => void) => client?.getQueryCache().subscribe(onChange) ?? (() => {}),
    [client],
  );
  const read = () => (token === null ? 0 : (client?.getQueryData<number>(unreadKey(token)) ?? 0));
  return useSyncExternalStore(client ? subscribe : noSubscription, read, () => 0);
}
