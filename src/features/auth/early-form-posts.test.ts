import { describe, expect, test } from "bun:test";
import { Elysia } from "elysia";
import { earlyFormPosts } from "./early-form-posts";

/** The plugin in front of stand-ins for the API routes that share the pages' paths. */
function appWithRoutes() {
  const reached: string[] = [];
  const app = new Elysia()
    .use(earlyFormPosts())
    .post("/login", () => {
      reached.push("/login");
      return { access_token: "t", token_type: "bearer" };
    })
    .post("/digest/unsubscribe", () => {
      reached.push("/digest/unsubscribe");
      return "ok";
    })
    .get("/login", () => "the login page");
  return { app, reached };
}

const form = (mode: string | null) => ({
  method: "POST",
  headers: {
    "content-type": "application/x-www-form-urlencoded",
    ...(mode ? { "sec-fetch-mode": mode } : {}),
  },
  body: "username=ana&password=secret-secret",
});

describe("account forms the browser posts itself", () => {
  test("a navigation POST to /login is sent back to the page, and nobody is logged in", async () => {
    const { app, reached } = appWithRoutes();
    const response = await app.handle(new Request("http://localhost/login", form("navigate")));
    expect(response.status).toBe(303);
    expect(response.headers.get("location")).toBe("/login");
    expect(response.headers.get("cache-control")).toBe("no-store");
    expect(await response.text()).toBe("");
    expect(reached).toEqual([]);
  });

  test("the API's clients (fetch, curl) still reach POST /login", async () => {
    const { app, reached } = appWithRoutes();
    for (const mode of ["cors", "same-origin", null]) {
      const response = await app.handle(new Request("http://localhost/login", form(mode)));
      expect(response.status).toBe(200);
      expect(await response.json()).toEqual({ access_token: "t", token_type: "bearer" });
    }
    expect(reached).toEqual(["/login", "/login", "/login"]);
  });

  test("a form meant to post natively (the digest's unsubscribe) and page loads are untouched", async () => {
    const { app, reached } = appWithRoutes();
    const unsubscribe = await app.handle(
      new Request("http://localhost/digest/unsubscribe", form("navigate")),
    );
    expect(unsubscribe.status).toBe(200);
    expect(reached).toEqual(["/digest/unsubscribe"]);
    const page = await app.handle(
      new Request("http://localhost/login", { headers: { "sec-fetch-mode": "navigate" } }),
    );
    expect(await page.text()).toBe("the login page");
  });
});
