import { useRouter } from "@tanstack/react-router";
import { type ReactNode, Suspense, use } from "react";
import { loadFullApp } from "./full-app";
import type { QueryLayer } from "./query-layer";

export type LazyParts<M> = {
  /** Loads the module, the query cache and the whole catalogue for this router's layer. */
  load: (queries: QueryLayer) => Promise<void>;
  /** The module, once `load` has finished for this layer; null before. */
  loaded: (queries: QueryLayer) => M | null;
};

/**
 * Code a loader-only page (./full-app.ts) shows only to some readers, or only after a tap: a
 * club page's member tools, its post dialog. It stays out of the page's first download (a
 * guest's club page had 42 KB of chunks it never ran, TanStack Query among them, issue 50) and
 * arrives with what it reads: TanStack Query and the whole catalogue. Drawn by <LazyPart>.
 *
 * Server and browser must draw the same tree: a page rendered for a signed-in person holds its
 * member parts, so the server's route loader awaits `load` before rendering, and the browser
 * awaits it before hydrating (client/router.tsx). A part shown only after hydration (the
 * session read, a tap) loads the first time it is drawn, showing its fallback meanwhile.
 */
export function lazyParts<M>(importer: () => Promise<M>): LazyParts<M> {
  let module: M | null = null;
  const loading = new WeakMap<QueryLayer, Promise<void>>();
  const done = new WeakSet<QueryLayer>();
  return {
    load(queries) {
      let promise = loading.get(queries);
      if (!promise) {
        promise = Promise.all([importer(), loadFullApp(queries)]).then(
          ([imported]) => {
            module = imported;
            done.add(queries);
          },
          (error: unknown) => {
            // A dropped chunk is tried again the next time the part is drawn (the error screen's Retry).
            loading.delete(queries);
            throw error;
          },
        );
        loading.set(queries, promise);
      }
      return promise;
    },
    loaded: (queries) => (done.has(queries) ? module : null),
  };
}

type PartProps<M> = { parts: LazyParts<M>; children: (module: M) => ReactNode };

function Loaded<M>({ parts, children }: PartProps<M>) {
  const { queries } = useRouter().options.context;
  const module = parts.loaded(queries);
  if (module) return children(module);
  use(parts.load(queries));
  return null;
}

/** Draws `children(module)` once the parts have loaded, `fallback` until then. */
export function LazyPart<M>({ parts, fallback = null, children }: PartProps<M> & { fallback?: ReactNode }) {
  return (
    <Suspense fallback={fallback}>
      <Loaded parts={parts}>{children}</Loaded>
    </Suspense>
  );
}
