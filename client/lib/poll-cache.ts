import type { Api, RequestOptions } from "./api";

export type PollResult<T> = { data: T; changed: boolean };

/**
 * Remembers the last answer and ETag of each polled address, so the next poll asks "changed
 * since?" (If-None-Match) and an unchanged answer costs a bodiless 304 instead of the whole
 * list again. `changed: false` tells the caller it may skip its own work too.
 */
export function createPollCache() {
  const copies = new Map<string, { etag: string; data: unknown }>();
  return async function poll<T>(
    api: Api,
    path: string,
    options: RequestOptions = {},
  ): Promise<PollResult<T>> {
    const held = copies.get(path);
    let status = 0;
    let etag: string | null = null;
    const data = await api.get<T>(path, {
      ...options,
      ifNoneMatch: held?.etag ?? null,
      onResponse: (response) => {
        status = response.status;
        etag = response.headers.get("etag");
        options.onResponse?.(response);
      },
    });
    if (status === 304 && held) return { data: held.data as T, changed: false };
    if (etag) copies.set(path, { etag, data });
    else copies.delete(path);
    return { data, changed: true };
  };
}
