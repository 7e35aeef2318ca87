import { afterAll, beforeAll, describe, expect, setDefaultTimeout, test } from "bun:test";
import { request as httpRequest } from "node:http";
import { setupTestApp, type TestApp } from "../../../test/harness";
import { metricValue } from "../../../test/metric-value";
import { waitUntil } from "../../../test/wait";
import { changeBusOf } from "../../lib/database/change-bus";
import { CHANGE_KEYS_CHANNEL } from "../../lib/poll-memory/keys";
import { createClub, joinClub } from "./post.fixtures";

setDefaultTimeout(30_000);

/**
 * The feed page sent again from memory (no If-None-Match), over a real socket from two client
 * addresses: what Bun writes on the wire (status, headers, length, compressed bytes) must be what
 * a fresh answer carries. `app.handle()` never builds the socket's answer.
 */
let t: TestApp;
let base: string;
let member: Awaited<ReturnType<TestApp["createUser"]>>;
let clubId: number;

/** Feed polls answered from memory so far, as /metrics shows them. */
const feedHits = () => metricValue('clubnica_poll_memory_hits_total{kind="feed"}');

beforeAll(async () => {
  t = await setupTestApp();
  base = t.listen();
  const owner = await t.createUser({ role: "owner" });
  member = await t.createUser();
  clubId = await createClub(t, owner.id, "Club de Teatro");
  await joinClub(t, clubId, member.id);
});
afterAll(async () => {
  await t.close();
});

/** Sends a NOTIFY of its own and waits until the app's change bus hears it. */
async function everyEarlierNotifyHeard() {
  const key = `zbarrier${Date.now()}`;
  let listening = false;
  let heard = false;
  const stop = changeBusOf(t.db, t.deps.logger).follow({
    changed: (keys) => {
      if (keys.includes(key)) heard = true;
    },
    resumed: () => {
      listening = true;
    },
  });
  try {
    await waitUntil("the change bus listening", () => listening);
    await t.sql`select pg_notify(${CHANGE_KEYS_CHANNEL}, ${`${Date.now()} ${key}`})`;
    await waitUntil("the NOTIFY heard", () => heard);
  } finally {
    stop();
  }
}

type Raw = { status: number; headers: Record<string, string>; bytes: Buffer };

function poll(from: string, path: string): Promise<Raw> {
  const url = new URL(path, base);
  return new Promise((resolve, reject) => {
    const req = httpRequest(
      {
        host: url.hostname,
        port: url.port,
        path: url.pathname + url.search,
        headers: { authorization: `Bearer ${member.token}`, "accept-encoding": "gzip" },
        localAddress: from,
        agent: false,
      },
      (res) => {
        const chunks: Buffer[] = [];
        res.on("data", (chunk: Buffer) => chunks.push(chunk));
        res.on("end", () =>
          resolve({
            status: res.statusCode ?? 0,
            headers: Object.fromEntries(Object.entries(res.headers).map(([k, v]) => [k, String(v)])),
            bytes: Buffer.concat(chunks),
          }),
        );
        res.on("error", reject);
      },
    );
    req.on("error", reject);
    req.end();
  });
}

const titles = (raw: Raw) =>
  (
    JSON.parse(new TextDecoder().decode(Bun.gunzipSync(new Uint8Array(raw.bytes)))) as { title: string }[]
  ).map((post) => post.title);
const steady = ({ headers }: Raw) =>
  Object.fromEntries(Object.entries(headers).filter(([name]) => name !== "date" && name !== "x-request-id"));

describe("feed polls without If-None-Match, over a socket", () => {
  test("the remembered answer is the fresh one on the wire, for every client address", async () => {
    for (let i = 0; i < 5; i++)
      await t.sql`insert into posts (club_id, title) values (${clubId}, ${`Ensayo ${i}`})`;
    // The inserts' NOTIFYs reach the app after their commits, and one arriving after the fresh
    // read below would forget its memo (a CI run saw one hit instead of two). NOTIFYs arrive in
    // commit order: once one sent now is heard, every insert's has been.
    await everyEarlierNotifyHeard();
    const path = "/api/posts/feed?filter=newest&limit=20&offset=0";
    const fresh = await poll("127.0.9.2", path);
    expect(fresh.status).toBe(200);
    expect(fresh.headers["content-encoding"]).toBe("gzip");
    const hits = await feedHits();
    for (const from of ["127.0.9.2", "127.0.9.3"]) {
      const again = await poll(from, path);
      expect(again.status).toBe(200);
      expect(steady(again)).toEqual(steady(fresh));
      expect(Number(again.headers["content-length"])).toBe(again.bytes.byteLength);
      expect(again.bytes.equals(fresh.bytes)).toBe(true);
    }
    // Both answers came from memory, not from a second read.
    expect(await feedHits()).toBe(hits + 2);
    expect(titles(fresh).slice(0, 5)).toEqual(["Ensayo 4", "Ensayo 3", "Ensayo 2", "Ensayo 1", "Ensayo 0"]);
  });
});
