import { type DehydratedState, dehydrate, hydrate, QueryClient } from "@tanstack/react-query";

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

/** What the server loaded for a signed-in page, to send with it (src/ssr: only for the page cookie's session). */
export function snapshotQueries(client: QueryClient): DehydratedState {
  return dehydrate(client);
}

// Server-rendered data counts as fresh this long, so hydrating does not fetch it again at once.
const SERVER_DATA_FRESH_MS = 30_000;

/**
 * Puts the server's answers into the browser's cache before the page hydrates, so the screens
 * render the same HTML from them instead of a loading state. They count as fresh for a while
 * (their queries' defaults), then follow the screens' own rules again.
 */
export function restoreQueries(client: QueryClient, state: DehydratedState): void {
  hydrate(client, state);
  for (const { queryKey } of state.queries) {
    client.setQueryDefaults(queryKey, { staleTime: SERVER_DATA_FRESH_MS });
    setTimeout(() => client.setQueryDefaults(queryKey, {}), SERVER_DATA_FRESH_MS);
  }
}
