/**
 * Reads a request body up to `limit` bytes. A Content-Length over the limit is refused before a
 * byte is read; a body without one (chunked) is refused as soon as it passes the limit. Each
 * chunk goes to `inspect` as it arrives, which may throw to stop reading early. The rest of the
 * body is never read: the stream is cancelled.
 */
export class BodyTooLarge extends Error {
  constructor(readonly limit: number) {
    super(`body over ${limit} bytes`);
  }
}

export async function readLimitedBody(
  request: Request,
  limit: number,
  inspect: (chunk: Uint8Array) => void = () => {},
): Promise<Uint8Array> {
  const declared = Number(request.headers.get("content-length") ?? Number.NaN);
  if (declared > limit) throw new BodyTooLarge(limit);
  if (!request.body) return new Uint8Array(0);
  const reader = request.body.getReader();
  const chunks: Uint8Array[] = [];
  let size = 0;
  try {
    for (;;) {
      const { done, value } = await reader.read();
      if (done) break;
      size += value.byteLength;
      if (size > limit) throw new BodyTooLarge(limit);
      inspect(value);
      chunks.push(value);
    }
  } catch (error) {
    await reader.cancel().catch(() => {});
    throw error;
  }
  const body = new Uint8Array(size);
  let offset = 0;
  for (const chunk of chunks) {
    body.set(chunk, offset);
    offset += chunk.byteLength;
  }
  return body;
}
