import { appendFileSync } from "node:fs";
import zlib from "node:zlib";
import Ajv2020, { type ValidateFunction } from "ajv/dist/2020";
import addFormats from "ajv-formats";

/**
 * Checks every response a test sees against the app's own OpenAPI document (/docs/json): the
 * status must be listed for that operation, the content type must be the documented one, and a
 * JSON body must match the documented schema (Ajv, JSON Schema 2020-12 as OpenAPI 3.1 uses).
 * A mismatch throws from the request with a message naming the operation, the status and what
 * differs, so a route added or changed without its documentation fails the test that calls it.
 *
 * OPENAPI_CHECK=report:<file> appends mismatches to <file> instead of throwing (for surveys).
 */
type Operation = {
  responses?: Record<string, { content?: Record<string, { schema?: object }> }>;
};
type Document = { paths: Record<string, Record<string, Operation>>; components?: object };

class OpenApiMismatch extends Error {}

/** The body as the client reads it: a compressed answer (zstd, brotli or gzip) is decoded first. */
async function decodedText(response: Response): Promise<string> {
  const bytes = new Uint8Array(await response.clone().arrayBuffer());
  const encoding = response.headers.get("content-encoding");
  if (encoding === "zstd") return Buffer.from(Bun.zstdDecompressSync(bytes)).toString();
  if (encoding === "br") return zlib.brotliDecompressSync(bytes).toString();
  if (encoding === "gzip") return Buffer.from(Bun.gunzipSync(bytes)).toString();
  return new TextDecoder().decode(bytes);
}

export function createOpenApiCheck(document: Document, options: { mode?: string } = {}) {
  const ajv = new Ajv2020({ strict: false, allErrors: true, validateFormats: true });
  addFormats(ajv);
  const operations = Object.entries(document.paths).map(([path, methods]) => ({
    path,
    methods,
    pattern: new RegExp(`^${path.replace(/\{[^}]+\}/g, "[^/]+")}$`),
  }));
  const compiled = new Map<string, ValidateFunction>();

  function find(method: string, pathname: string) {
    // A literal path wins over a template (/api/users/me before /api/users/{id}).
    const matches = operations.filter((o) => o.pattern.test(pathname) && o.methods[method.toLowerCase()]);
    const best = matches.find((o) => !o.path.includes("{")) ?? matches[0];
    return best ? { path: best.path, operation: best.methods[method.toLowerCase()] as Operation } : null;
  }

  function validator(key: string, schema: object): ValidateFunction {
    let validate = compiled.get(key);
    if (!validate) {
      const { $schema: _ignored, ...rest } = schema as { $schema?: string };
      validate = ajv.compile({ ...rest, components: document.components });
      compiled.set(key, validate);
    }
    return validate;
  }

  /** Returns a description of the mismatch, or null when the response matches the document. */
  async function check(method: string, href: string, response: Response): Promise<string | null> {
    const url = new URL(href);
    const found = find(method, url.pathname);
    if (!found || method === "HEAD") return null;
    const where = `${method} ${found.path} (${url.pathname}${url.search})`;
    const responses = found.operation.responses ?? {};
    const documented = responses[String(response.status)] ?? responses.default;
    const body = await decodedText(response);
    if (!documented) {
      return (
        `${where} answered ${response.status}, which the OpenAPI document does not list ` +
        `(documented: ${Object.keys(responses).join(", ") || "none"}). Body: ${body.slice(0, 300)}`
      );
    }
    const content = documented.content ?? {};
    const types = Object.keys(content);
    if (types.length === 0 || response.status === 204 || response.status === 304) {
      return body.length > 0 && types.length === 0 && response.status !== 304
        ? `${where} answered ${response.status} with a body, but the document declares none. Body: ${body.slice(0, 300)}`
        : null;
    }
    const actualType = (response.headers.get("content-type") ?? "").split(";")[0]?.trim() ?? "";
    const matchedType = types.find(
      (t) => t === actualType || (t.endsWith("/*") && actualType.startsWith(t.slice(0, -1))),
    );
    if (!matchedType) {
      return `${where} answered ${response.status} as "${actualType}", but the document says ${types.join(" or ")}.`;
    }
    const schema = content[matchedType]?.schema;
    if (!schema || !matchedType.includes("json")) return null;
    let parsed: unknown;
    try {
      parsed = JSON.parse(body);
    } catch {
      return `${where} answered ${response.status} with a body that is not JSON: ${body.slice(0, 300)}`;
    }
    const validate = validator(`${method} ${found.path} ${response.status} ${matchedType}`, schema);
    if (validate(parsed)) return null;
    const errors = (validate.errors ?? [])
      .slice(0, 5)
      .map(
        (e) => `${e.instancePath || "(body)"} ${e.message}${e.params ? ` ${JSON.stringify(e.params)}` : ""}`,
      )
      .join("; ");
    return `${where} answered ${response.status} with a body that does not match its documented schema: ${errors}. Body: ${body.slice(0, 300)}`;
  }

  const mode = options.mode ?? process.env.OPENAPI_CHECK ?? "throw";
  return async function assertDocumented(method: string, url: string, response: Response): Promise<void> {
    if (mode === "off") return;
    const problem = await check(method, url, response);
    if (!problem) return;
    if (mode.startsWith("report:")) {
      appendFileSync(mode.slice("report:".length), `${problem}\n`);
      return;
    }
    throw new OpenApiMismatch(`Response does not match the OpenAPI document (/docs/json): ${problem}`);
  };
}
