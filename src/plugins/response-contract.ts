import type { AnyElysia } from "elysia";

type StandardResult = { value: unknown; issues?: undefined } | { issues: readonly { message: string }[] };
type Validate = (value: unknown) => StandardResult | Promise<StandardResult>;
type Standard = { validate: Validate } & Record<string, unknown>;
type WithStandard = { "~standard": Standard };

const REQUEST_PARTS = ["body", "query", "params", "headers", "cookie"] as const;

function isStandard(value: unknown): value is WithStandard {
  return typeof value === "object" && value !== null && "~standard" in value;
}

/** Where `sent` has a field that `kept` (the schema's output) lost, as paths like `items.0.email`. */
function droppedFields(sent: unknown, kept: unknown, path = ""): string[] {
  if (sent === null || typeof sent !== "object") return [];
  if (kept === null || typeof kept !== "object") return [path || "(the answer)"];
  const paths: string[] = [];
  for (const [key, value] of Object.entries(sent)) {
    const at = path ? `${path}.${key}` : key;
    if (!(key in kept)) paths.push(at);
    else paths.push(...droppedFields(value, (kept as Record<string, unknown>)[key], at));
  }
  return paths;
}

/**
 * A validator that also refuses an answer its schema would change. Zod drops fields a schema does
 * not name, so a handler that returned one (an e-mail, a hash) passed validation with the field
 * silently removed; in production nothing removes it any more, so here it is an error.
 */
function strictly(original: Standard): Validate {
  return (value) => {
    const result = original.validate(value);
    if (result instanceof Promise || result.issues) return result;
    const sent = JSON.stringify(value);
    const kept = JSON.stringify(result.value);
    // The handler's own value goes on, as in production: zod's output is a copy, and an answer
    // kept in memory (src/lib/kept-json.ts) is known by its identity.
    if (sent === kept) return { value };
    const [sentValue, keptValue] = [JSON.parse(sent), JSON.parse(kept)];
    if (Bun.deepEquals(sentValue, keptValue)) return { value }; // the same fields in another order
    const dropped = droppedFields(sentValue, keptValue);
    const fields = dropped.length ? dropped.join(", ") : "(values that differ)";
    return { issues: [{ message: `the answer holds what its contract does not: ${fields}` }] };
  };
}

const unchecked: Validate = (value) => ({ value });

/** Each schema's own validator: schemas are shared by every app a process builds (tests build many). */
const originals = new WeakMap<WithStandard, Standard>();

/**
 * Response schemas are the API's contract: the OpenAPI document is built from them, and the
 * contract test (test/openapi-check.ts) holds every answer a test sees to it. Checking them on
 * every answer in production cost more than serialising it (22 µs for a feed page, 7% of the
 * app's CPU there), and Elysia has no switch for zod schemas (elysiajs/elysia#1854), so each
 * route's response schemas get a standard-schema `validate` of our choosing before the first
 * request (Elysia builds its validators on a route's first call):
 * - "off" (production): the handler's answer goes out as it is;
 * - "strict" (development and tests): validated, and an answer the schema would change (a field
 *   it does not name) is refused, so a test finds a field that production would send.
 * A schema also used for a request (body, query, params, headers) is left as it is. Schemas are
 * module-wide, so the last app built in a process sets the mode (one per process outside tests).
 */
export function applyResponseContract(app: AnyElysia, mode: "off" | "strict") {
  const routes = app.routes as { hooks: Record<string, unknown> }[];
  const requestSchemas = new Set<unknown>();
  for (const route of routes) for (const part of REQUEST_PARTS) requestSchemas.add(route.hooks[part]);
  const done = new Set<unknown>();
  for (const route of routes) {
    const response = route.hooks.response;
    if (!response || typeof response !== "object") continue;
    const schemas = isStandard(response) ? [response] : Object.values(response);
    for (const schema of schemas) {
      if (!isStandard(schema) || done.has(schema) || requestSchemas.has(schema)) continue;
      done.add(schema);
      const original = originals.get(schema) ?? schema["~standard"];
      originals.set(schema, original);
      schema["~standard"] = { ...original, validate: mode === "off" ? unchecked : strictly(original) };
    }
  }
}
