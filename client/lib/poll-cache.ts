import type { Api, RequestOptions } from "./api";

/** A conditional GET's answer: unchanged since the ETag sent, or the new body and its response. */
export type Conditional<T> =
  | { notModified: true }
  | { notModified: false; data: T; response: Response | null };

/**
 * The client's one way to poll with ETags: a GET carrying the ETag of the copy the caller holds
 * (If-None-Match, past the browser's cache), so an unchanged answer is a bodiless 304. The feed,
 * the badge and attendance go through createPollCache below; the chat keeps its own copies
 * (its pages are merged, not replaced) and calls this directly.
 */
export async function getIfChanged<T>(
  api: Api,
  path: string,
  etag: string | null | undefined,
  options: RequestOptions = {},
): Promise<Conditional<T>> {
  let answered: Response | null = null;
  const data = await api.get<T>(path, {
    ...options,
    ifNoneMatch: etag ?? null,
    onResponse: (response) => {
      answered = response;
      options.onResponse?.(response);
    },
  });
  if ((answered as Response | null)?.status === 304) return { notModified: true };
  return { notModified: false, data, response: answered };
}

export type PollResult<T> = { data: T; changed: boolean };

/**
 * Remembers the last answer and ETag of each polled address, so the next poll asks "changed
 * since?" and an unchanged answer costs a 304 instead of the whole list again. `changed: false`
 * tells the caller it may skip its own work too.
 */
export function createPollCache() {
  const copies = new Map<string, { etag: string; data: unknown }>();
  return async function poll<T>(
    api: Api,
    path: string,
    options: RequestOptions = {},
  ): Promise<PollResult<T>> {
    const held = copies.get(path);
    const answer = await getIfChanged<T>(api, path, held?.etag, options);
    if (answer.notModified && held) return { data: held.data as T, changed: false };
    const data = answer.notModified ? (undefined as T) : answer.data;
    const etag = answer.notModified ? null : answer.response?.headers.get("etag");
    if (etag) copies.set(path, { etag, data });
    else copies.delete(path);
    return { data, changed: true };
  };
}
