import { useCallback, useContext, useSyncExternalStore } from "react";
import type { NoticeCounts } from "../../common/api/notices";
import { QueryClientContext } from "./query-context";

/** The query-cache key of the bell's numbers for a session (client/lib/shared-data.ts polls it). */
export const noticeCountKey = (token: string | null) => ["notices", "count", token] as const;

const noSubscription = () => () => {};
const NONE: NoticeCounts = { unread: 0, join_requests: 0, connection_notices: 0 };

/**
 * The bell's numbers the poller last read (zeros for guests), read from the cache directly like
 * ./unread-count.ts, so the top bar pulls no query code into a guest's first download.
 */
export function useNoticeCounts(token: string | null): NoticeCounts {
  const client = useContext(QueryClientContext);
  const subscribe = useCallback(
    (onChange: () => void) => client?.getQueryCache().subscribe(onChange) ?? (() => {}),
    [client],
  );
  const read = () =>
    token === null ? NONE : (client?.getQueryData<NoticeCounts>(noticeCountKey(token)) ?? NONE);
  return useSyncExternalStore(client ? subscribe : noSubscription, read, () => NONE);
}
