import { keepPreviousData, type QueryKey, useQuery, useQueryClient } from "@tanstack/react-query";
import { type Dispatch, type SetStateAction, useCallback } from "react";
import { type Api, ApiError, formatDetail } from "./api";
import { useApi } from "./use-api";

export type Resource<T> = {
  data: T | null;
  error: string | null;
  loading: boolean;
  reload: () => Promise<void>;
  setData: Dispatch<SetStateAction<T | null>>;
};

export { useApi } from "./use-api";

/** Whether a load has come back, with its data or its error (a disabled one never has). */
export function isSettled(resource: Pick<Resource<unknown>, "data" | "error">): boolean {
  return resource.data !== null || resource.error !== null;
}

/** The message a failed load shows: the server's `detail`, else this screen's fallback. */
export function errorText(error: unknown, fallback?: string): string {
  if (error instanceof ApiError) return formatDetail(error.detail) ?? fallback ?? error.message;
  return (error as Error)?.message || fallback || "Error";
}

/**
 * Loads data for a signed-in screen in the browser (these pages are not server-rendered) through
 * the shared query cache (client/lib/query-client.ts): screens that use the same `key` share one
 * request and one copy of the data. Loading and error states, a reload, and `setData` to apply
 * a change the screen just made; `refetchInterval` polls while the screen is shown; `enabled:
 * false` loads nothing (yet). `fallback` is this screen's message when the server gives no
 * detail (so screens sharing a key still word their own errors). `keepPrevious` keeps the last
 * key's data on screen while a new key (a new search) loads, so rows present in both stay
 * mounted with their state.
 */
export function useResource<T>(
  key: QueryKey,
  load: (api: Api) => Promise<T>,
  {
    fallback,
    refetchInterval,
    enabled = true,
    keepPrevious = false,
  }: { fallback?: string; refetchInterval?: number; enabled?: boolean; keepPrevious?: boolean } = {},
): Resource<T> {
  const api = useApi();
  const queryClient = useQueryClient();
  const query = useQuery({
    queryKey: key,
    queryFn: () => load(api),
    enabled,
    placeholderData: keepPrevious ? keepPreviousData : undefined,
    refetchInterval: refetchInterval ?? false,
    // A poll pauses while the tab is hidden and runs once at once when it is shown again.
    refetchIntervalInBackground: false,
    refetchOnWindowFocus: !!refetchInterval,
  });
  const { refetch } = query;
  const keyText = JSON.stringify(key);
  const reload = useCallback(async () => {
    await refetch();
  }, [refetch]);
  const setData = useCallback<Dispatch<SetStateAction<T | null>>>(
    (next) =>
      queryClient.setQueryData<T | null>(JSON.parse(keyText) as QueryKey, (current) =>
        typeof next === "function" ? (next as (prev: T | null) => T | null)(current ?? null) : next,
      ),
    [queryClient, keyText],
  );
  return {
    data: query.data ?? null,
    // As before the cache: an error stays shown until a reload succeeds; loading is true while
    // any load (the first, a reload, a refresh on mount) is in flight.
    error: query.isError ? errorText(query.error, fallback) : null,
    loading: query.isPending || query.isFetching,
    reload,
    setData,
  };
}
