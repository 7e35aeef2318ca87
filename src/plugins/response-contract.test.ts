import { describe, expect, test } from "bun:test";
import { Elysia } from "elysia";
import { z } from "zod";
import { createQuickUser } from "../../test/fixtures/quick-user";
import { setupTestApp } from "../../test/harness";
import { createClubAs } from "../features/clubs/club.fixtures";
import { applyResponseContract } from "./response-contract";

/** A tiny app: one answer that keeps to its contract, one with a field the contract lacks. */
function build(mode: "off" | "strict") {
  const person = z.object({ id: z.number(), name: z.string() });
  const rename = z.object({ name: z.string().min(1) });
  const app = new Elysia()
    .get("/exact", () => ({ id: 1, name: "Ana" }), { response: { 200: person } })
    .get("/leaky", () => ({ id: 1, name: "Ana", email: "ana@example.com", more: { a: 1 } }), {
      response: { 200: person },
    })
    .get("/wrong", () => ({ id: "1", name: "Ana" }) as never, { response: { 200: person } })
    // The same schema for the body and the answer: the body must still be validated.
    .put("/rename", ({ body }) => body, { body: rename, response: { 200: rename } });
  applyResponseContract(app, mode);
  return { app, person };
}

const get = (app: Elysia, path: string) => app.handle(new Request(`http://localhost${path}`));
const put = (app: Elysia, body: unknown) =>
  app.handle(
    new Request("http://localhost/rename", {
      method: "PUT",
      headers: { "content-type": "application/json" },
      body: JSON.stringify(body),
    }),
  );

describe("response contract in development and tests (strict)", () => {
  test("an answer that keeps to its schema goes out", async () => {
    const { app } = build("strict");
    const res = await get(app as never, "/exact");
    expect(res.status).toBe(200);
    expect(await res.json()).toEqual({ id: 1, name: "Ana" });
  });

  test("an answer with a field the schema does not name is refused, naming the field", async () => {
    const { app } = build("strict");
    const res = await get(app as never, "/leaky");
    expect(res.status).not.toBe(200);
    const text = await res.text();
    expect(text).toContain("email");
    expect(text).toContain("more");
  });

  test("an answer that fails its schema is refused", async () => {
    const { app } = build("strict");
    expect((await get(app as never, "/wrong")).status).not.toBe(200);
  });

  test("building another app does not stack the checks on the shared schema", async () => {
    const { app, person } = build("strict");
    applyResponseContract(app, "strict");
    applyResponseContract(app, "off");
    applyResponseContract(app, "strict");
    expect((await get(app as never, "/leaky")).status).not.toBe(200);
    // The schema's own validator is untouched underneath: zod still drops the extra field.
    expect(person.parse({ id: 1, name: "Ana", email: "x" })).toEqual({ id: 1, name: "Ana" });
  });
});

describe("response contract in production (off)", () => {
  test("answers are not validated: the handler's value goes out as it is", async () => {
    const { app } = build("off");
    expect(await (await get(app as never, "/exact")).json()).toEqual({ id: 1, name: "Ana" });
    // What strict mode exists for: nothing strips a field in production.
    expect((await (await get(app as never, "/leaky")).json()).email).toBe("ana@example.com");
  });

  test("a schema that is also a request body is still validated as the body", async () => {
    const { app } = build("off");
    expect((await put(app as never, { name: "" })).status).toBe(422);
    const ok = await put(app as never, { name: "Bea" });
    expect(ok.status).toBe(200);
    expect(await ok.json()).toEqual({ name: "Bea" });
  });
});

describe("the app's own routes", () => {
  const topClubsSchema = (app: { routes: { path: string; hooks: Record<string, unknown> }[] }) => {
    const route = app.routes.find((r) => r.path === "/public/top-clubs");
    const responses = route?.hooks.response as
      | Record<number, { "~standard": { validate: Validate } }>
      | undefined;
    const schema = responses?.[200];
    if (!schema) throw new Error("no response schema on /public/top-clubs");
    return schema["~standard"].validate;
  };
  type Validate = (value: unknown) => { value?: unknown; issues?: unknown[] };
  test("are strict in tests and unchecked in production", async () => {
    const tests = await setupTestApp();
    let leaky: unknown[];
    try {
      await createClubAs(tests, await createQuickUser(tests, { role: "owner" }));
      const top = await tests.request("GET", "/public/top-clubs");
      expect(top.body).toHaveLength(1);
      leaky = [{ ...top.body[0], owner_email: "owner@example.com" }];
      expect(topClubsSchema(tests.app as never)(top.body).issues).toBeUndefined();
      expect(JSON.stringify(topClubsSchema(tests.app as never)(leaky).issues)).toContain("0.owner_email");
    } finally {
      await tests.close();
    }
    const production = await setupTestApp({ NODE_ENV: "production" });
    try {
      expect(topClubsSchema(production.app as never)(leaky)).toEqual({ value: leaky });
    } finally {
      await production.close();
    }
  });
});
