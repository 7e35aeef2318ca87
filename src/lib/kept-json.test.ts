import { expect, test } from "bun:test";
import zlib from "node:zlib";
import { encodedJsonOf, jsonOf, keepJson } from "./kept-json";

const clubs = () =>
  Array.from({ length: 12 }, (_, i) => ({
    id: i,
    name: `Club de ajedrez ${i}`,
    description: "Jugamos los sábados.",
  }));

test("a kept answer is serialised once and compressed once per encoding", () => {
  const value = keepJson(clubs());
  const json = jsonOf(value);
  expect(json).toBe(JSON.stringify(clubs()));
  expect(jsonOf(value)).toBe(json);
  const br = encodedJsonOf(value, json, "br");
  expect(encodedJsonOf(value, json, "br")).toBe(br); // the same bytes, not compressed again
  expect(zlib.brotliDecompressSync(br).toString()).toBe(json);
  const gzip = encodedJsonOf(value, json, "gzip");
  expect(gzip).not.toBe(br);
  expect(Buffer.from(Bun.gunzipSync(gzip)).toString()).toBe(json);
});

test("a kept answer cannot change under its kept JSON", () => {
  const value = keepJson(clubs());
  expect(Object.isFrozen(value)).toBe(true);
  expect(() => value.push({ id: 99, name: "x", description: "y" })).toThrow();
});

test("any other answer is serialised and compressed on every call", () => {
  const value = clubs();
  const json = jsonOf(value);
  expect(json).toBe(JSON.stringify(value));
  const first = encodedJsonOf(value, json, "br");
  expect(encodedJsonOf(value, json, "br")).not.toBe(first);
  value.push({ id: 12, name: "Nuevo", description: "d" });
  expect(jsonOf(value)).toContain("Nuevo");
});
