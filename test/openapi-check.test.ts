import { describe, expect, test } from "bun:test";
import { createOpenApiCheck } from "./openapi-check";

const document = {
  paths: {
    "/api/things/{id}": {
      get: {
        responses: {
          "200": {
            content: {
              "application/json": {
                schema: {
                  type: "object",
                  properties: {
                    id: { type: "integer" },
                    region: { type: ["string", "null"], enum: ["Managua", null] },
                  },
                  required: ["id", "region"],
                },
              },
            },
          },
          "204": {},
        },
      },
    },
  },
};

const json = (status: number, body: unknown, type = "application/json") =>
  new Response(JSON.stringify(body), { status, headers: { "content-type": type } });

describe("the OpenAPI response check used by the test harness", () => {
  const check = createOpenApiCheck(document, { mode: "throw" });
  const url = "http://localhost/api/things/7";

  test("a documented status with a matching body passes; undocumented paths are not checked", async () => {
    await check("GET", url, json(200, { id: 7, region: null }));
    await check("GET", url, new Response(null, { status: 204 }));
    await check("GET", "http://localhost/clubs", new Response("<html>", { status: 200 }));
  });

  test("an undocumented status names the operation, the status and the documented ones", async () => {
    await expect(check("GET", url, json(418, { detail: "teapot" }))).rejects.toThrow(
      "GET /api/things/{id} (/api/things/7) answered 418, which the OpenAPI document does not list (documented: 200, 204)",
    );
  });

  test("a body off its schema names the field; a wrong content type is named too", async () => {
    await expect(check("GET", url, json(200, { id: "7", region: "Lima" }))).rejects.toThrow(
      /does not match its documented schema: \/id must be integer/,
    );
    await expect(check("GET", url, json(200, { id: 7, region: null }, "text/plain"))).rejects.toThrow(
      'answered 200 as "text/plain", but the document says application/json',
    );
    await expect(check("GET", url, new Response("x", { status: 204 }))).rejects.toThrow(/declares none/);
  });
});
