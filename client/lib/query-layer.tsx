import type { QueryClient } from "@tanstack/react-query";
import { type ReactNode, useEffect, useSyncExternalStore } from "react";
import { QueryClientContext } from "./query-context";

/**
 * The shared query cache (client/lib/query-client.ts), loaded only when a screen needs it. The
 * pages a visitor lands on (`/`, `/clubs`) read their data through route loaders, so a guest
 * there never downloads TanStack Query (about 9 KB compressed); other pages get it before they
 * render (./full-app.ts), and a signed-in session loads it for the unread badge. One layer per router: one
 * per request on the server, one per tab in the browser.
 */
export type QueryLayer = {
  readonly client: QueryClient | null;
  load: () => Promise<QueryClient>;
  subscribe: (listener: () => void) => () => void;
  /** The cache's answers as JSON, to send with a server-rendered page (undefined when never loaded). */
  snapshot: () => Promise<string | undefined>;
  /** Loads the cache and puts a snapshot (from the server) into it. */
  restore: (snapshot: string) => Promise<void>;
};

export function createQueryLayer(): QueryLayer {
  let client: QueryClient | null = null;
  let loading: Promise<QueryClient> | null = null;
  const listeners = new Set<() => void>();
  const load = () => {
    loading ??= import("./query-client").then(
      ({ createQueryClient }) => {
        client = createQueryClient();
        for (const listener of listeners) listener();
        return client;
      },
      (error: unknown) => {
        // A failed download (offline, a dropped chunk) is tried again by the next call (Retry).
        loading = null;
        throw error;
      },
    );
    return loading;
  };
  return {
    get client() {
      return client;
    },
    load,
    subscribe(listener) {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    async snapshot() {
      if (!client) return undefined;
      const { snapshotQueries } = await import("./query-client");
      return JSON.stringify(snapshotQueries(client));
    },
    async restore(snapshot) {
      const [loaded, { restoreQueries }] = await Promise.all([load(), import("./query-client")]);
      restoreQueries(loaded, JSON.parse(snapshot));
    },
  };
}

/**
 * Provides the layer's client to useQuery once loaded. The provider element stays the same
 * before and after (only its value changes), so loading the cache never remounts the page.
 * Mounting the client (as QueryClientProvider does) starts its focus and online tracking, which
 * pauses polls in a hidden tab.
 */
export function QueryLayerProvider({ layer, children }: { layer: QueryLayer; children: ReactNode }) {
  const client = useSyncExternalStore(
    layer.subscribe,
    () => layer.client,
    () => layer.client,
  );
  useEffect(() => {
    if (!client) return;
    client.mount();
    return () => client.unmount();
  }, [client]);
  return <QueryClientContext.Provider value={client ?? undefined}>{children}</QueryClientContext.Provider>;
}
