import { afterAll, beforeAll, describe, expect, setDefaultTimeout, test } from "bun:test";
import { setupTestApp, type TestApp } from "../../../test/harness";
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

const poll = (path: string, etag?: string) =>
  t.app.handle(
    new Request(`http://localhost${path}`, {
      headers: {
        authorization: `Bearer ${member.token}`,
        "accept-encoding": "br, gzip",
        ...(etag ? { "if-none-match": etag } : {}),
      },
    }),
  );

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
