import { unzipSync } from "fflate";
import type { TestApp } from "../../../test/harness";

/** Asks for the caller's file and waits (polling the status call, as the profile does) until it is ready. */
export async function exportAndWait(t: TestApp, token: string) {
  const asked = await t.request("POST", "/api/users/me/data-export", { token });
  if (asked.status !== 202) throw new Error(`export refused: ${asked.status} ${JSON.stringify(asked.body)}`);
  return await waitUntilReady(t, token);
}

export async function waitUntilReady(t: TestApp, token: string) {
  // A generous bound for a loaded machine: the job itself takes milliseconds.
  const deadline = Date.now() + 30_000;
  while (Date.now() < deadline) {
    const status = await t.request("GET", "/api/users/me/data-export", { token });
    if (status.body.status === "ready") return status.body;
    await Bun.sleep(100);
  }
  // Say why (a CI run once timed out here): the request's row and its job as pg-boss holds it.
  const request =
    await t.sql`select status, requested_at from data_exports where user_id = ${userIdOf(token)}`;
  const jobs = await t.sql`
    select state, retry_count, created_on, started_on, completed_on, output from pgboss.job
    where name = 'data-export' and data->>'userId' = ${String(userIdOf(token))}`;
  throw new Error(`the data export was not ready in time: ${JSON.stringify({ request, jobs })}`);
}

/** The user id a test token was signed for (its `id` claim). */
function userIdOf(token: string): number {
  return Number(JSON.parse(Buffer.from(token.split(".")[1]!, "base64url").toString()).id);
}

/** The download as the browser gets it: raw bytes and headers. */
export async function download(t: TestApp, token: string | null) {
  const headers: Record<string, string> = token ? { authorization: `Bearer ${token}` } : {};
  const response = await t.app.handle(
    new Request("http://localhost/api/users/me/data-export/download", { headers }),
  );
  return {
    status: response.status,
    headers: response.headers,
    bytes: new Uint8Array(await response.arrayBuffer()),
  };
}

/** The ZIP's files, and its JSON document parsed (with its raw text, to search for leaks). */
export function openArchive(bytes: Uint8Array) {
  const files = unzipSync(bytes);
  const text = new TextDecoder().decode(files["clubnica-data.json"]);
  return { files, text, data: JSON.parse(text) };
}

/** A stored image (any bytes: the export copies them as they are), content-addressed like uploads. */
export async function insertUpload(t: TestApp, bytes: Uint8Array) {
  const id = new Bun.CryptoHasher("sha256").update(bytes).digest("hex");
  await t.sql`insert into uploads (id, content_type, data, byte_size)
    values (${id}, 'image/png', ${Buffer.from(bytes)}, ${bytes.byteLength})`;
  return id;
}
