import { ApiError, type Detail, formatDetail } from "./api";
import { getToken } from "./session";

/** The file name the server gave in Content-Disposition, else `fallbackName`. */
function fileNameOf(response: Response, fallbackName: string): string {
  const match = /filename="([^"]+)"/.exec(response.headers.get("content-disposition") ?? "");
  return match?.[1] ?? fallbackName;
}

/**
 * Downloads an API file that needs the session's bearer token: fetched with the token and saved
 * from a blob, so no link that works without the token ever exists (nothing secret in a URL,
 * a history entry or a log). Failures throw an ApiError with the server's `detail`.
 */
export async function downloadFile({
  path,
  fallbackName,
  fallback,
}: {
  path: string;
  fallbackName: string;
  fallback: string;
}): Promise<void> {
  const token = getToken();
  let response: Response;
  try {
    response = await fetch(path, { headers: token ? { authorization: `Bearer ${token}` } : {} });
  } catch {
    throw new ApiError(0, null, fallback);
  }
  if (!response.ok) {
    const body = (await response.json().catch(() => null)) as { detail?: Detail } | null;
    throw new ApiError(response.status, body?.detail, formatDetail(body?.detail) ?? fallback);
  }
  const url = URL.createObjectURL(await response.blob());
  const link = document.createElement("a");
  link.href = url;
  link.download = fileNameOf(response, fallbackName);
  link.hidden = true;
  document.body.append(link);
  link.click();
  link.remove();
  // The browser has taken the blob once the click's download started; free it after this task.
  setTimeout(() => URL.revokeObjectURL(url), 0);
}
