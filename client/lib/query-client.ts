import { QueryClient } from "@tanstack/react-query";

/**
 * The browser's one cache of server data: one per tab (one per request on the server, where
 * signed-in screens do not fetch). Screens read through useResource / the shared hooks in
 * queries.ts, so the same data (the unread count, "my connections") is fetched once and shared.
 * No automatic retries or focus refetches: a failed load shows its error and a Retry at once,
 * and polling follows the spec's intervals only.
 */
export function createQueryClient(): QueryClient {
  return new QueryClient({
    defaultOptions: {
      queries: { retry: false, refetchOnWindowFocus: false, refetchOnReconnect: false },
    },
  });
}
