import { afterAll, beforeAll, describe, expect, setDefaultTimeout, test } from "bun:test";
import { createRandom } from "../../scripts/seed/random";
import { setupTestApp, type TestApp } from "../harness";
import { valueFor } from "./schema-values";

setDefaultTimeout(600_000);

/**
 * Schema-driven fuzzing from the app's own OpenAPI document: for every operation, requests built
 * from its parameters and request body (valid, edge and wrong-typed values, as guest, member,
 * owner and admin). Fixed seed and a bounded number of requests, so a failure reproduces. Every
 * answer must be below 500, and (through the harness) match the document.
 *   FUZZ_SEED, FUZZ_REQUESTS (default 1500) change the run.
 */
const SEED = Number(process.env.FUZZ_SEED ?? 20261123);
const REQUESTS = Number(process.env.FUZZ_REQUESTS ?? 1500);

// A 1×1 PNG, so image routes also see a real image now and then.
const PNG = Uint8Array.from(
  atob("iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk+M9QDwADhgGAWjR9awAAAABJRU5ErkJggg=="),
  (c) => c.charCodeAt(0),
);

type Parameter = { name: string; in: string; required?: boolean; schema?: object };
type Operation = {
  parameters?: Parameter[];
  requestBody?: { content?: Record<string, { schema?: object }> };
};

let t: TestApp;
beforeAll(async () => {
  t = await setupTestApp({}, { mail: true, jobs: true, openapi: true });
});
afterAll(async () => {
  await t.close();
});

describe("OpenAPI fuzz", () => {
  test(`${REQUESTS} schema-driven requests (seed ${SEED}): no answer is 500 or above`, async () => {
    const random = createRandom(SEED);
    const doc = (await t.request("GET", "/docs/json")).body as {
      paths: Record<string, Record<string, Operation>>;
    };
    const operations = Object.entries(doc.paths).flatMap(([path, methods]) =>
      Object.entries(methods).map(([method, operation]) => ({
        path,
        method: method.toUpperCase(),
        operation,
      })),
    );
    const member = await t.createUser();
    const owner = await t.createUser({ role: "owner" });
    const admin = await t.createUser({ role: "admin" });
    const club = await t.request("POST", "/api/clubs", {
      token: owner.token,
      json: { name: "Club de Fuzz", description: "Para pruebas." },
    });
    const ids = [1, 2, 0, -1, 999_999, 2 ** 31, "abc", "1.5", member.id, owner.id, club.body.id as number];
    const tokens = [null, member.token, owner.token, admin.token, "not-a-jwt"];

    const failures: string[] = [];
    const statuses = new Map<number, number>();
    for (let i = 0; i < REQUESTS; i++) {
      const { path, method, operation } = random.pick(operations);
      if (path === "/docs/json") continue;
      const url = path.replace(/\{[^}]+\}/g, () =>
        encodeURIComponent(
          String(path.startsWith("/uploads") && random.chance(0.5) ? "a".repeat(64) : random.pick(ids)),
        ),
      );
      const query = new URLSearchParams();
      for (const parameter of operation.parameters ?? []) {
        if (parameter.in !== "query" || !(parameter.required || random.chance(0.5))) continue;
        const value = valueFor(parameter.schema, random);
        query.set(parameter.name, typeof value === "string" ? value : JSON.stringify(value));
      }
      let token = random.pick(tokens);
      // POST /logout revokes the token it carries: it gets a fresh one of the same person, so
      // the tokens every other request picks stay signed in.
      const person = [member, owner, admin].find((p) => p.token === token);
      if (path === "/logout" && person) {
        const form = { username: person.username, password: person.password };
        token = (await t.request("POST", "/login", { form })).body.access_token as string;
      }
      const content = operation.requestBody?.content ?? {};
      const type = Object.keys(content).length ? random.pick(Object.keys(content)) : null;
      const body = type ? valueFor(content[type]?.schema, random) : undefined;
      const options: Parameters<TestApp["request"]>[2] = { token };
      if (type === "application/json") options.json = body;
      else if (type && body && typeof body === "object") {
        const fields = Object.entries(body as Record<string, unknown>);
        if (type === "multipart/form-data") {
          const form = new FormData();
          for (const [key, value] of fields) {
            const isImage = /image|picture/.test(key);
            if (isImage && random.chance(0.6))
              form.set(key, new File([random.chance(0.7) ? PNG : new Uint8Array([1, 2, 3])], "x.png"));
            else form.set(key, typeof value === "string" ? value : JSON.stringify(value));
          }
          options.multipart = form;
        } else {
          options.form = Object.fromEntries(
            fields.map(([k, v]) => [k, typeof v === "string" ? v : JSON.stringify(v)]),
          );
        }
      }
      const target = `${url}${query.size ? `?${query}` : ""}`;
      try {
        const res = await t.request(method, target, options);
        statuses.set(res.status, (statuses.get(res.status) ?? 0) + 1);
        if (res.status >= 500)
          failures.push(`${method} ${target} → ${res.status} ${JSON.stringify(res.body).slice(0, 200)}`);
      } catch (error) {
        failures.push(`${method} ${target}: ${(error as Error).message.slice(0, 600)}`);
      }
    }
    console.log(
      `fuzz: ${[...statuses]
        .sort(([a], [b]) => a - b)
        .map(([s, n]) => `${s}×${n}`)
        .join(" ")}`,
    );
    expect(failures).toEqual([]);
  });
});
