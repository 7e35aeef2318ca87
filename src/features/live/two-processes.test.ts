import { afterAll, beforeAll, expect, setDefaultTimeout, test } from "bun:test";
import { readFileSync } from "node:fs";
import postgres from "postgres";
import { type AppProcess, insertClubWithMembers, startReplicas } from "../../../test/app-process";
import { signUpOverHttp } from "../../../test/http-account";
import { waitUntil } from "../../../test/wait";
import {
  clientFrame,
  type LiveClient,
  openRawLive,
  readUntilSubscribed,
  serverFrameOpcodes,
  signedInLive,
} from "./live.fixtures";

// Real processes on a shared 2-core machine: generous time limits.
setDefaultTimeout(120_000);

/**
 * Two replicas of the app on one database, as Kubernetes runs them behind one Service: a club
 * message written through process A reaches a socket held by process B, through the one change
 * bus (LISTEN/NOTIFY). Prints send-to-receive figures (no timed assertion).
 */
let replicas: Awaited<ReturnType<typeof startReplicas>>;
let sql: postgres.Sql;
let a: AppProcess;
let b: AppProcess;

beforeAll(async () => {
  // Sixty messages in a row from one account and address: the limits are not what is tested.
  replicas = await startReplicas({
    RATE_MESSAGES_PER_ACCOUNT: "1000/1h",
    RATE_MESSAGES_PER_ADDRESS: "1000/1h",
  });
  ({ a, b } = replicas);
  sql = postgres(replicas.database.url, { max: 2, onnotice: () => {} });
});
afterAll(async () => {
  await sql?.end();
  await replicas?.stop();
});

const account = (app: AppProcess, username: string) => signUpOverHttp(app.url, username);

const percentile = (sorted: number[], p: number) =>
  sorted[Math.min(sorted.length - 1, Math.floor(p * sorted.length))]!;

const messageCount = (live: LiveClient) => live.frames.filter((frame) => frame.type === "message").length;

/** A process's resident memory, from /proc (bytes). */
function rssOf(app: AppProcess): number {
  const line = readFileSync(`/proc/${app.proc.pid}/status`, "utf8").match(/^VmRSS:\s+(\d+) kB/m);
  return Number(line?.[1] ?? 0) * 1024;
}

/**
 * A club of `writerName` (signed up through A) and the readers (through B), the first reader's
 * socket on B following its chat.
 */
async function clubReadOnB(clubName: string, writerName: string, ...readerNames: string[]) {
  const writer = await account(a, writerName);
  const readers = [];
  for (const name of readerNames) readers.push(await account(b, name));
  const clubId = await insertClubWithMembers(replicas.database.url, clubName, [
    writer.id,
    ...readers.map((r) => r.id),
  ]);
  const conversation = `club:${clubId}`;
  const live = await signedInLive(b.url, readers[0]!.token);
  live.send({ type: "subscribe", conversation });
  await live.next("subscribed");
  return { writer, readers, clubId, conversation, live };
}

test("a reader on process B that stops reading is closed by B while the chat goes on; B's other reader gets every message", async () => {
  const { writer, readers, clubId, conversation, live } = await clubReadOnB(
    "Club de Teatro",
    "escritora_a",
    "lector_b",
    "lento_b",
  );
  const slow = readers[1]!;
  const raw = await openRawLive(Number(new URL(b.url).port));
  raw.socket.write(clientFrame(JSON.stringify({ type: "auth", token: slow.token })));
  raw.socket.write(clientFrame(JSON.stringify({ type: "subscribe", conversation })));
  await readUntilSubscribed(raw.socket);
  const rssBefore = rssOf(b);
  // About 23 MB of messages, far past the kernel's buffers and B's 1 MiB bound per socket.
  const content = "x".repeat(3900);
  const written = 6000;
  for (let batch = 0; batch < written / 100; batch++) {
    await sql`insert into messages (sender_id, club_id, content)
      select ${writer.id}, ${clubId}, ${content} from generate_series(1, 100)`;
    await Bun.sleep(50);
  }
  await waitUntil("B delivered every message to its reader", () => messageCount(live) === written, {
    timeoutMs: 60_000,
  });
  // Read what B sent the slow socket before closing it: a socket B had kept would get every
  // message's bytes and stay open.
  const chunks: Buffer[] = [];
  raw.socket.on("data", (chunk: Buffer) => chunks.push(chunk));
  raw.socket.resume();
  await Promise.race([
    raw.closed,
    Bun.sleep(60_000).then(() => {
      throw new Error("process B kept the socket that stopped reading");
    }),
  ]);
  const sent = Buffer.concat(chunks);
  const received = sent.length;
  const opcodes = serverFrameOpcodes(sent);
  // Closed at the bound, long before its idle timeout: B never pinged it (a socket left to the
  // idle timeout gets a ping first, about 50 s on) and sent it only part of the chat.
  expect(opcodes).not.toContain(0x9);
  expect(opcodes.filter((opcode) => opcode === 0x1).length).toBeLessThan(written);
  const rssAfter = rssOf(b);
  raw.socket.destroy();
  // The chat goes on through A, and B's reader gets everything, once and in order.
  const res = await fetch(`${a.url}/api/messages/club/${clubId}`, {
    method: "POST",
    headers: { authorization: `Bearer ${writer.token}`, "content-type": "application/json" },
    body: JSON.stringify({ content: "¿Siguen ahí?" }),
  });
  expect(res.status).toBe(201);
  const last = ((await res.json()) as { id: number }).id;
  await live.next("message", (frame) => frame.message.id === last, 60_000);
  const ids = live.frames.flatMap((frame) => (frame.type === "message" ? [frame.message.id] : []));
  expect(ids.length).toBe(written + 1);
  expect(new Set(ids).size).toBe(ids.length);
  expect(ids).toEqual([...ids].sort((x, y) => x - y));
  live.close();
  console.log(
    `slow reader on process B closed after ${(received / 1e6).toFixed(1)} MB of ${((written * content.length) / 1e6).toFixed(1)}; B's RSS ${(rssBefore / 1e6).toFixed(1)} → ${(rssAfter / 1e6).toFixed(1)} MB`,
  );
});

test("a send retried through process B after A stored it answers the stored message; B's reader gets it once", async () => {
  const {
    writer: sender,
    clubId,
    live,
  } = await clubReadOnB("Club de Fotografía", "reintento_a", "lector_reintento_b");
  const post = (app: AppProcess, body: Record<string, unknown>) =>
    fetch(`${app.url}/api/messages/club/${clubId}`, {
      method: "POST",
      headers: { authorization: `Bearer ${sender.token}`, "content-type": "application/json" },
      body: JSON.stringify(body),
    });
  // The phone's answer was lost on A's side; its outbox sends again, and B takes the retry.
  const clientId = crypto.randomUUID();
  const first = await post(a, { content: "¿Llegó esto?", client_id: clientId });
  expect(first.status).toBe(201);
  const retry = await post(b, { content: "¿Llegó esto?", client_id: clientId });
  expect(retry.status).toBe(200);
  const { id } = (await first.json()) as { id: number };
  expect(((await retry.json()) as { id: number }).id).toBe(id);
  const after = await post(a, { content: "Sí, una vez" });
  const { id: next } = (await after.json()) as { id: number };
  await live.next("message", (frame) => frame.message.id === next, 20_000);
  const delivered = live.frames.flatMap((frame) => (frame.type === "message" ? [frame.message.id] : []));
  expect(delivered).toEqual([id, next]);
  const [row] = await sql<{ n: number }[]>`select count(*)::int as n from messages where club_id = ${clubId}`;
  expect(row!.n).toBe(2);
  live.close();
});

test("readers on process B marked read by one delivery reach the writer's socket on A as one read frame", async () => {
  const { writer, readers, clubId, conversation, live } = await clubReadOnB(
    "Club de Ajedrez",
    "escritor_visto_a",
    "lectora_visto_b",
    "lector_visto_b",
    "tarde_visto_b",
  );
  const second = await signedInLive(b.url, readers[1]!.token);
  second.send({ type: "subscribe", conversation });
  await second.next("subscribed");
  const mine = await signedInLive(a.url, writer.token);
  mine.send({ type: "subscribe", conversation });
  await mine.next("subscribed");
  const res = await fetch(`${a.url}/api/messages/club/${clubId}`, {
    method: "POST",
    headers: { authorization: `Bearer ${writer.token}`, "content-type": "application/json" },
    body: JSON.stringify({ content: "¿Quién trae el tablero?" }),
  });
  expect(res.status).toBe(201);
  const { id } = (await res.json()) as { id: number };
  for (const socket of [live, second])
    await socket.next("message", (frame) => frame.message.id === id, 20_000);
  const first = await mine.next("read", () => true, 20_000);
  expect([readers[0]!.id, readers[1]!.id]).toContain(first.user_id);
  expect(first).toMatchObject({ conversation, last_read_id: id });
  // A later reader, polling through B, is a frame of its own, after any of the first gathering.
  const late = readers[2]!;
  const poll = await fetch(`${b.url}/api/messages/club/${clubId}`, {
    headers: { authorization: `Bearer ${late.token}` },
  });
  expect(poll.status).toBe(200);
  await mine.next("read", (frame) => frame.user_id === late.id, 20_000);
  const told = mine.frames.flatMap((frame) => (frame.type === "read" ? [frame.user_id] : []));
  expect(told).toEqual([first.user_id, late.id]);
  for (const socket of [live, second, mine]) socket.close();
});

test("a message sent through process A reaches a socket on process B, once and in order; B's drain closes it with 1001", async () => {
  const { writer: sender, clubId, live } = await clubReadOnB("Club de Robótica", "remitente_a", "lectora_b");

  const sentAt = new Map<number, number>();
  const receivedAt = new Map<number, number>();
  const ids: number[] = [];
  const watch = setInterval(() => {
    for (const frame of live.frames) {
      if (frame.type === "message" && !receivedAt.has(frame.message.id))
        receivedAt.set(frame.message.id, performance.now());
    }
  }, 1);
  for (let i = 1; i <= 60; i++) {
    const started = performance.now();
    const res = await fetch(`${a.url}/api/messages/club/${clubId}`, {
      method: "POST",
      headers: { authorization: `Bearer ${sender.token}`, "content-type": "application/json" },
      body: JSON.stringify({ content: `Mensaje ${i} desde A` }),
    });
    expect(res.status).toBe(201);
    const { id } = (await res.json()) as { id: number };
    ids.push(id);
    sentAt.set(id, started);
  }
  await live.next("message", (frame) => frame.message.id === ids.at(-1), 20_000);
  await Bun.sleep(20);
  clearInterval(watch);

  // A replica that drains (SIGTERM, a rolling update) tells its sockets to go: 1001.
  b.proc.kill("SIGTERM");
  expect((await live.closed).code).toBe(1001);
  expect(await b.waitForExit(30_000)).toBe(0);

  const delivered = live.frames.flatMap((frame) => (frame.type === "message" ? [frame.message.id] : []));
  expect(delivered).toEqual(ids);
  const lags = ids.map((id) => (receivedAt.get(id) ?? Number.NaN) - sentAt.get(id)!).sort((x, y) => x - y);
  console.log(
    `live across two processes: ${ids.length} messages, send-to-receive p50 ${percentile(lags, 0.5).toFixed(1)} ms, p99 ${percentile(lags, 0.99).toFixed(1)} ms`,
  );
});
