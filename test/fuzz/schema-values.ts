import type { Random } from "../../scripts/seed/random";

/**
 * Values drawn from a JSON Schema (as /docs/json holds them): mostly valid, often at the edges,
 * and now and then of the wrong type, so a fuzz run walks both the accepted and refused paths.
 */
type Schema = {
  type?: string | string[];
  enum?: unknown[];
  anyOf?: Schema[];
  oneOf?: Schema[];
  properties?: Record<string, Schema>;
  required?: string[];
  items?: Schema;
  format?: string;
  minimum?: number;
  maximum?: number;
  maxLength?: number;
  const?: unknown;
};

const ODD_STRINGS = [
  "",
  " ",
  "a",
  "ñandú 😀 學",
  "x".repeat(300),
  "<script>alert(1)</script>",
  "' or 1=1 --",
  "%",
  "null",
  "-1",
];
const NUMBERS = [0, 1, -1, 2, 7, 42, 2 ** 31, 2 ** 53, 1.5, -0.5];

function wrongValue(random: Random): unknown {
  return random.pick([null, 123, "text", true, [], {}, [1, 2], { a: "b" }]);
}

export function valueFor(schema: Schema | undefined, random: Random, depth = 0): unknown {
  if (!schema || depth > 4) return random.pick(ODD_STRINGS);
  if (random.chance(0.08)) return wrongValue(random);
  if (schema.const !== undefined) return schema.const;
  if (schema.enum) return random.chance(0.9) ? random.pick(schema.enum) : "not-an-option";
  const options = schema.anyOf ?? schema.oneOf;
  if (options?.length) return valueFor(random.pick(options), random, depth + 1);
  const types = Array.isArray(schema.type) ? schema.type : [schema.type ?? "string"];
  const type = random.pick(
    types.filter((t) => t !== "null").length && random.chance(0.9)
      ? types.filter((t) => t !== "null")
      : types,
  );
  switch (type) {
    case "null":
      return null;
    case "boolean":
      return random.chance(0.5);
    case "integer":
    case "number": {
      const edges = [
        schema.minimum,
        schema.maximum,
        (schema.maximum ?? 0) + 1,
        (schema.minimum ?? 1) - 1,
      ].filter((n): n is number => typeof n === "number");
      return random.pick([...NUMBERS, ...edges]);
    }
    case "array":
      return Array.from({ length: random.int(0, 3) }, () => valueFor(schema.items, random, depth + 1));
    case "object": {
      const out: Record<string, unknown> = {};
      for (const [key, property] of Object.entries(schema.properties ?? {})) {
        const required = schema.required?.includes(key) ?? false;
        if (random.chance(required ? 0.95 : 0.6)) out[key] = valueFor(property, random, depth + 1);
      }
      return out;
    }
    default: {
      if (schema.format === "date-time")
        return random.pick([new Date().toISOString(), "2026-13-45", "yesterday"]);
      if (schema.format === "email") return random.pick(["student@example.com", "not-an-email"]);
      if (schema.format === "uri") return random.pick(["https://example.com/x", "nota url"]);
      if (schema.maxLength !== undefined && random.chance(0.2)) return "y".repeat(schema.maxLength + 1);
      return random.pick([...ODD_STRINGS, `word${random.int(0, 99)}`, "Managua", "León", "male"]);
    }
  }
}
