import { afterAll, beforeAll, describe, expect, setDefaultTimeout, test } from "bun:test";
import { brotliDecompressSync } from "node:zlib";
import { setupTestApp, type TestApp } from "../../../test/harness";
import { metricValue } from "../../../test/metric-value";
import { createClub, joinClub } from "./post.fixtures";

setDefaultTimeout(30_000);

/**
 * The feed is refreshed every 10 s: an unchanged feed must cost a bodiless 304 (the client sends
 * back the ETag it got), and a changed one the new list with a new tag. The badge likewise.
 */
let t: TestApp;
let member: Awaited<ReturnType<TestApp["createUser"]>>;
let clubId: number;

beforeAll(async () => {
  t = await setupTestApp();
  const owner = await t.createUser({ role: "owner" });
  member = await t.createUser();
  clubId = await createClub(t, owner.id, "Club de Ciencias");
  await joinClub(t, clubId, member.id);
  await t.sql`insert into posts (club_id, title) values (${clubId}, 'Feria de ciencias')`;
});
afterAll(() => t.close());

const poll = (path: string, etag?: string, acceptEncoding = "br, gzip") =>
  t.app.handle(
    new Request(`http://localhost${path}`, {
      headers: {
        authorization: `Bearer ${member.token}`,
        "accept-encoding": acceptEncoding,
        ...(etag ? { "if-none-match": etag } : {}),
      },
    }),
  );

/** Every header but the two that differ on every answer. */
const headersOf = (res: Response) =>
  Object.fromEntries([...res.headers].filter(([name]) => name !== "date" && name !== "x-request-id"));
const pageTitles = (bytes: Uint8Array<ArrayBuffer>, encoding: string | null) => {
  const text =
    encoding === "br"
      ? brotliDecompressSync(bytes).toString()
      : encoding === "gzip"
        ? new TextDecoder().decode(Bun.gunzipSync(bytes))
        : new TextDecoder().decode(bytes);
  return (JSON.parse(text) as { title: string }[]).map((post) => post.title);
};

describe("conditional polls", () => {
  test("an unchanged feed poll is a 304 without a body; a new post changes the tag", async () => {
    const path = "/api/posts/feed?filter=newest&limit=20&offset=0";
    const first = await poll(path);
    expect(first.status).toBe(200);
    const etag = first.headers.get("etag")!;
    expect(etag).toMatch(/^W\/".+"$/);
    expect(first.headers.get("cache-control")).toContain("private");

    const again = await poll(path, etag);
    expect(again.status).toBe(304);
    expect(again.headers.get("etag")).toBe(etag);
    expect((await again.arrayBuffer()).byteLength).toBe(0);

    await t.sql`insert into posts (club_id, title) values (${clubId}, 'Nuevo taller')`;
    const changed = await poll(path, etag);
    expect(changed.status).toBe(200);
    expect(changed.headers.get("etag")).not.toBe(etag);
    expect(changed.headers.get("content-encoding")).toBe("br");
  });

  test("a poll without If-None-Match gets the remembered page's bytes and headers; a change is read afresh", async () => {
    // Enough posts for a page worth compressing.
    for (let i = 0; i < 4; i++)
      await t.sql`insert into posts (club_id, title) values (${clubId}, ${`Charla ${i}`})`;
    const path = "/api/posts/feed?filter=newest&limit=20&offset=0";
    // The inserts' NOTIFYs arrive a little after their commits: poll until the page holds them all.
    let fresh = await poll(path);
    for (
      let i = 0;
      i < 100 && !pageTitles(new Uint8Array(await fresh.clone().arrayBuffer()), "br").includes("Charla 3");
      i++
    ) {
      await Bun.sleep(10);
      fresh = await poll(path);
    }
    const freshBytes = new Uint8Array(await fresh.arrayBuffer());
    const again = await poll(path);
    expect(again.status).toBe(200);
    expect(headersOf(again)).toEqual(headersOf(fresh));
    expect(headersOf(again)["content-encoding"]).toBe("br");
    expect(new Uint8Array(await again.arrayBuffer())).toEqual(freshBytes);
    // The kept bytes show in /metrics.
    expect(await metricValue("clubnica_poll_memory_body_bytes")).toBeGreaterThanOrEqual(
      freshBytes.byteLength,
    );

    // A client holding an older page gets the current one.
    const stale = await poll(path, 'W/"an-older-page"');
    expect(stale.status).toBe(200);
    expect(stale.headers.get("etag")).toBe(fresh.headers.get("etag"));

    // Another client's encoding is never sent the kept bytes: it gets its own.
    for (const encoding of ["gzip", "identity"]) {
      const other = await poll(path, undefined, encoding);
      expect(other.status).toBe(200);
      expect(other.headers.get("etag")).toBe(fresh.headers.get("etag"));
      const sent = other.headers.get("content-encoding");
      expect(sent).toBe(encoding === "gzip" ? "gzip" : null);
      expect(pageTitles(new Uint8Array(await other.arrayBuffer()), sent)).toEqual(
        pageTitles(freshBytes, "br"),
      );
    }

    await t.sql`insert into posts (club_id, title) values (${clubId}, 'Charla nueva')`;
    let titles: string[] = [];
    for (let i = 0; i < 100 && !titles.includes("Charla nueva"); i++) {
      const res = await poll(path);
      titles = pageTitles(new Uint8Array(await res.arrayBuffer()), res.headers.get("content-encoding"));
      if (!titles.includes("Charla nueva")) await Bun.sleep(10);
    }
    expect(titles[0]).toBe("Charla nueva");
  });

  test("the badge number answers 304 while it stays the same", async () => {
    const first = await poll("/api/notifications");
    expect(first.status).toBe(200);
    expect(first.headers.get("content-type")).toBe("application/json; charset=utf-8");
    expect(first.headers.get("cache-control")).toBe("private, no-store");
    expect(first.headers.get("etag")).toMatch(/^W\/"/);
    expect(await first.text()).toBe("0");
    const again = await poll("/api/notifications", first.headers.get("etag")!);
    expect(again.status).toBe(304);
    expect(again.headers.get("etag")).toBe(first.headers.get("etag"));
    expect(await again.text()).toBe("");
  });
});
