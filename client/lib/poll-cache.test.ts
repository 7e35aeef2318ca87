import { describe, expect, test } from "bun:test";
import { createApi } from "./api";
import { createPollCache, getIfChanged } from "./poll-cache";

/** A server that answers 304 to the ETag it last gave, else the body with a new ETag. */
function etagServer(bodies: unknown[]) {
  const sent: (string | null)[] = [];
  let version = 0;
  const api = createApi({
    getToken: () => "token",
    fetcher: async (_path, init) => {
      const held = new Headers(init?.headers).get("if-none-match");
      sent.push(held);
      if (held === `"v${version}"`) return new Response(null, { status: 304 });
      const body = bodies[Math.min(version, bodies.length - 1)];
      version += 1;
      return Response.json(body, { headers: { etag: `"v${version}"`, "x-change-seq": "7" } });
    },
  });
  return { api, sent };
}

describe("getIfChanged: the client's one ETag poll", () => {
  test("sends the held ETag; an unchanged answer is notModified, a changed one brings its headers", async () => {
    const { api, sent } = etagServer([[1, 2]]);
    const first = await getIfChanged<number[]>(api, "/api/messages/club/1", null);
    expect(first.notModified).toBe(false);
    if (first.notModified) return;
    expect(first.data).toEqual([1, 2]);
    const etag = first.response?.headers.get("etag");
    expect(first.response?.headers.get("x-change-seq")).toBe("7");
    expect(await getIfChanged(api, "/api/messages/club/1", etag)).toEqual({ notModified: true });
    expect(sent).toEqual([null, '"v1"']);
  });
});

describe("createPollCache", () => {
  test("keeps the copy: the second poll sends its ETag and answers the held data unchanged", async () => {
    const { api, sent } = etagServer([{ count: 3 }]);
    const poll = createPollCache();
    expect(await poll(api, "/api/notifications/count")).toEqual({ data: { count: 3 }, changed: true });
    expect(await poll(api, "/api/notifications/count")).toEqual({ data: { count: 3 }, changed: false });
    expect(sent).toEqual([null, '"v1"']);
  });
});
