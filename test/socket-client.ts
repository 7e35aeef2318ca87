import { request as httpRequest } from "node:http";

/**
 * Test-only: one HTTP request over a real TCP socket from a chosen loopback source address
 * (127.0.0.2, 127.0.3.3, …: the whole 127/8 block routes to this machine). `app.handle()`
 * has no socket, so every in-process request is the same client; this is how a test sees
 * what the server sees from several people (or one proxy) on the network.
 */
export type SocketCallOptions = {
  from: string;
  token?: string;
  json?: unknown;
  form?: Record<string, string>;
  multipart?: FormData;
  headers?: Record<string, string>;
};

export type SocketResponse = { status: number; headers: Record<string, string>; body: any };

async function encodeBody(options: SocketCallOptions): Promise<{ bytes?: Uint8Array; type?: string }> {
  if (options.json !== undefined)
    return { bytes: Buffer.from(JSON.stringify(options.json)), type: "application/json" };
  if (options.form)
    return {
      bytes: Buffer.from(new URLSearchParams(options.form).toString()),
      type: "application/x-www-form-urlencoded",
    };
  if (options.multipart) {
    const encoded = new Response(options.multipart);
    // Read before the body: Bun drops the boundary's header once the body is consumed.
    const type = encoded.headers.get("content-type") ?? undefined;
    return { bytes: new Uint8Array(await encoded.arrayBuffer()), type };
  }
  return {};
}

export async function callFrom(
  baseUrl: string,
  method: string,
  path: string,
  options: SocketCallOptions,
): Promise<SocketResponse> {
  const url = new URL(path, baseUrl);
  const { bytes, type } = await encodeBody(options);
  const headers: Record<string, string> = { "accept-language": "en", ...options.headers };
  if (options.token) headers.authorization = `Bearer ${options.token}`;
  if (type) headers["content-type"] = type;
  if (bytes) headers["content-length"] = String(bytes.byteLength);
  return await new Promise((resolve, reject) => {
    const req = httpRequest(
      {
        host: url.hostname,
        port: url.port,
        path: url.pathname + url.search,
        method,
        headers,
        localAddress: options.from,
        agent: false,
      },
      (res) => {
        const chunks: Buffer[] = [];
        res.on("data", (chunk: Buffer) => chunks.push(chunk));
        res.on("end", () => {
          const text = Buffer.concat(chunks).toString("utf8");
          const json = (res.headers["content-type"] ?? "").includes("json") && text;
          resolve({
            status: res.statusCode ?? 0,
            headers: Object.fromEntries(Object.entries(res.headers).map(([k, v]) => [k, String(v)])),
            body: json ? JSON.parse(text) : text,
          });
        });
        res.on("error", reject);
      },
    );
    req.on("error", reject);
    req.end(bytes);
  });
}
