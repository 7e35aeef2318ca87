/**
 * The one way browser code (and server-rendered loaders) talk to the API. On the server the
 * fetcher calls the app in-process; in the browser it is `fetch`. Failed responses become an
 * `ApiError` whose message follows spec section 8: the response `detail` when present
 * (validation lists as "location path: message" lines), else the caller's fallback.
 */
import { fetchWithUploadProgress } from "./upload/xhr-fetch";

export type FieldError = { loc: (string | number)[]; msg: string };
export type Detail = string | FieldError[] | null | undefined;
export type Fetcher = (path: string, init?: RequestInit) => Promise<Response>;

export class ApiError extends Error {
  readonly status: number;
  readonly detail: Detail;

  constructor(status: number, detail: Detail, message: string) {
    super(message);
    this.name = "ApiError";
    this.status = status;
    this.detail = detail;
  }
}

function isFieldErrorList(detail: unknown): detail is FieldError[] {
  return (
    Array.isArray(detail) &&
    detail.every((d) => typeof d === "object" && d !== null && "msg" in d && typeof d.msg === "string")
  );
}

/**
 * Turns a `detail` into display text. Lists become one line per entry, "location path: message"
 * (`messagesOnly` keeps just the messages, as the signup screens do).
 */
export function formatDetail(detail: unknown, { messagesOnly = false } = {}): string | null {
  if (typeof detail === "string") return detail.trim() || null;
  if (isFieldErrorList(detail)) {
    if (detail.length === 0) return null;
    return detail
      .map((d) => {
        const path = Array.isArray(d.loc) ? d.loc.join(".") : "";
        return messagesOnly || !path ? d.msg : `${path}: ${d.msg}`;
      })
      .join("\n");
  }
  return null;
}

export type RequestOptions = {
  /** Overrides the session token; `null` sends none. */
  token?: string | null;
  json?: unknown;
  form?: Record<string, string>;
  multipart?: FormData;
  /** Message when the response carries no usable detail. */
  fallback?: string;
  messagesOnly?: boolean;
  signal?: AbortSignal;
  /** Sees a successful response before its body is read (for headers such as X-Total-Count). */
  onResponse?: (response: Response) => void;
  /** In the browser, reports how much of the body was sent (0–100), for an upload's progress bar. */
  onUploadProgress?: (percent: number) => void;
  /**
   * The ETag of the copy the caller holds: an unchanged answer is then a bodiless 304, and the
   * call resolves to `undefined` (see client/lib/poll-cache.ts, which keeps the copies).
   */
  ifNoneMatch?: string | null;
};

export type Api = {
  request: <T = unknown>(method: string, path: string, options?: RequestOptions) => Promise<T>;
  get: <T = unknown>(path: string, options?: RequestOptions) => Promise<T>;
  post: <T = unknown>(path: string, options?: RequestOptions) => Promise<T>;
  put: <T = unknown>(path: string, options?: RequestOptions) => Promise<T>;
  patch: <T = unknown>(path: string, options?: RequestOptions) => Promise<T>;
  del: <T = unknown>(path: string, options?: RequestOptions) => Promise<T>;
};

async function readBody(response: Response): Promise<unknown> {
  const text = await response.text();
  if (!text) return null;
  if ((response.headers.get("content-type") ?? "").includes("json")) {
    try {
      return JSON.parse(text);
    } catch {
      return text;
    }
  }
  return text;
}

export function createApi({ fetcher, getToken }: { fetcher: Fetcher; getToken: () => string | null }): Api {
  async function request<T>(method: string, path: string, options: RequestOptions = {}): Promise<T> {
    const headers: Record<string, string> = { accept: "application/json" };
    const token = options.token === undefined ? getToken() : options.token;
    if (token) headers.authorization = `Bearer ${token}`;
    if (options.ifNoneMatch) headers["if-none-match"] = options.ifNoneMatch;
    let body: BodyInit | undefined;
    if (options.json !== undefined) {
      headers["content-type"] = "application/json";
      body = JSON.stringify(options.json);
    } else if (options.form) {
      headers["content-type"] = "application/x-www-form-urlencoded";
      body = new URLSearchParams(options.form).toString();
    } else if (options.multipart) {
      body = options.multipart;
    }
    let response: Response;
    try {
      // Our own If-None-Match, past the browser's HTTP cache, so the 304 reaches this code.
      const init: RequestInit = { method, headers, body, signal: options.signal };
      if (options.ifNoneMatch) init.cache = "no-store";
      response =
        options.onUploadProgress && typeof XMLHttpRequest !== "undefined"
          ? await fetchWithUploadProgress(path, init, options.onUploadProgress)
          : await fetcher(path, init);
    } catch (error) {
      if ((error as Error)?.name === "AbortError") throw error;
      throw new ApiError(0, null, options.fallback ?? "Network error");
    }
    if (response.ok || response.status === 304) options.onResponse?.(response);
    if (response.status === 304) return undefined as T;
    const data = await readBody(response);
    if (!response.ok) {
      const detail =
        data && typeof data === "object" && "detail" in data ? (data.detail as Detail) : undefined;
      const message =
        formatDetail(detail, { messagesOnly: options.messagesOnly }) ??
        options.fallback ??
        (response.statusText || `Request failed (${response.status})`);
      throw new ApiError(response.status, detail, message);
    }
    return data as T;
  }
  return {
    request,
    get: (path, options) => request("GET", path, options),
    post: (path, options) => request("POST", path, options),
    put: (path, options) => request("PUT", path, options),
    patch: (path, options) => request("PATCH", path, options),
    del: (path, options) => request("DELETE", path, options),
  };
}

/** Builds a query string from the defined, non-empty values. */
export function toQuery(values: Record<string, string | number | boolean | null | undefined>): string {
  const params = new URLSearchParams();
  for (const [key, value] of Object.entries(values)) {
    if (value === undefined || value === null || value === "") continue;
    params.set(key, String(value));
  }
  const text = params.toString();
  return text ? `?${text}` : "";
}
