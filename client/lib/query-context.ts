/**
 * TanStack Query's React context alone, for the code every page loads (the query layer's
 * provider, the top bar's counts). Importing it from the package's index bundled all of
 * TanStack Query into the entry chunk (Bun does not tree-shake it; issue 50's Lighthouse run),
 * so the browser build resolves this one import to the file that defines the context
 * (scripts/build-client.ts, `queryContextOnly`). It is the same module the lazily loaded
 * library imports, so useQuery reads the very context this provides.
 */
export { QueryClientContext } from "@tanstack/react-query";
