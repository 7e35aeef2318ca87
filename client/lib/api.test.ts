import { describe, expect, test } from "bun:test";
import { ApiError, createApi, formatDetail, toQuery } from "./api";

async function failure(promise: Promise<unknown>): Promise<ApiError> {
  try {
    await promise;
  } catch (error) {
    return error as ApiError;
  }
  throw new Error("expected the call to fail");
}

describe("formatDetail", () => {
  test("a string detail is shown as is", () => {
    expect(formatDetail("Club not found")).toBe("Club not found");
  });

  test("a validation list becomes 'location path: message' lines", () => {
    const detail = [
      { loc: ["body", "email"], msg: "Enter a valid email." },
      { loc: ["body", "social_links", "whatsapp"], msg: "Invalid number." },
      { loc: ["query", "limit", 0], msg: "Too big." },
    ];
    expect(formatDetail(detail)).toBe(
      "body.email: Enter a valid email.\nbody.social_links.whatsapp: Invalid number.\nquery.limit.0: Too big.",
    );
  });

  test("signup shows only the messages", () => {
    const detail = [
      { loc: ["body", "username"], msg: "Username must be at least 3 characters." },
      { loc: ["body", "password"], msg: "Password must be at least 8 characters." },
    ];
    expect(formatDetail(detail, { messagesOnly: true })).toBe(
      "Username must be at least 3 characters.\nPassword must be at least 8 characters.",
    );
  });

  test("entries without a location show just the message", () => {
    expect(formatDetail([{ loc: [], msg: "Bad." }])).toBe("Bad.");
  });

  test("nothing usable gives null", () => {
    expect(formatDetail(undefined)).toBeNull();
    expect(formatDetail("")).toBeNull();
    expect(formatDetail([])).toBeNull();
    expect(formatDetail({ what: 1 })).toBeNull();
    expect(formatDetail([{ nope: 1 }])).toBeNull();
  });
});

describe("createApi", () => {
  function fakeFetch(status: number, body: unknown, seen: { path?: string; init?: RequestInit } = {}) {
    return async (path: string, init?: RequestInit) => {
      seen.path = path;
      seen.init = init;
      return new Response(typeof body === "string" ? body : JSON.stringify(body), {
        status,
        statusText: status === 500 ? "Internal Server Error" : "",
        headers: { "content-type": typeof body === "string" ? "text/plain" : "application/json" },
      });
    };
  }

  test("sends the session token and JSON, returns the parsed body", async () => {
    const seen: { path?: string; init?: RequestInit } = {};
    const api = createApi({ fetcher: fakeFetch(200, { ok: true }, seen), getToken: () => "tok" });
    expect(await api.post("/api/x", { json: { a: 1 } })).toEqual({ ok: true });
    const headers = seen.init?.headers as Record<string, string>;
    expect(headers.authorization).toBe("Bearer tok");
    expect(headers["content-type"]).toBe("application/json");
    expect(seen.init?.body).toBe('{"a":1}');
  });

  test("onResponse sees a successful response's headers", async () => {
    const api = createApi({ fetcher: fakeFetch(200, [1, 2]), getToken: () => null });
    let type = "";
    expect(await api.get("/x", { onResponse: (r) => (type = r.headers.get("content-type") ?? "") })).toEqual([
      1, 2,
    ]);
    expect(type).toBe("application/json");
  });

  test("token: null sends no authorization", async () => {
    const seen: { path?: string; init?: RequestInit } = {};
    const api = createApi({ fetcher: fakeFetch(200, 3, seen), getToken: () => "tok" });
    expect(await api.get("/api/notifications", { token: null })).toBe(3);
    expect((seen.init?.headers as Record<string, string> | undefined)?.authorization).toBeUndefined();
  });

  test("errors carry status, detail and the formatted message", async () => {
    const api = createApi({
      fetcher: fakeFetch(422, { detail: [{ loc: ["body", "code"], msg: "Invalid code" }] }),
      getToken: () => null,
    });
    const error = await failure(api.post("/x"));
    expect(error).toBeInstanceOf(ApiError);
    expect(error.status).toBe(422);
    expect(error.message).toBe("body.code: Invalid code");
  });

  test("no detail: the fallback, else the status text", async () => {
    const api = createApi({ fetcher: fakeFetch(500, "boom"), getToken: () => null });
    expect((await failure(api.get("/x", { fallback: "Failed to load clubs" }))).message).toBe(
      "Failed to load clubs",
    );
    expect((await failure(api.get("/x"))).message).toBe("Internal Server Error");
  });

  test("a network failure becomes an ApiError with status 0", async () => {
    const api = createApi({
      fetcher: async () => {
        throw new TypeError("fetch failed");
      },
      getToken: () => null,
    });
    const error = await failure(api.get("/x", { fallback: "Login failed" }));
    expect(error.status).toBe(0);
    expect(error.message).toBe("Login failed");
  });
});

test("toQuery keeps only values that are set", () => {
  expect(toQuery({ q: "chess club", tag: undefined, limit: 20, empty: "" })).toBe("?q=chess+club&limit=20");
  expect(toQuery({})).toBe("");
});
