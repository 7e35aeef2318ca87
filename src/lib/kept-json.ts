import { compressBytes, type Encoding } from "./content-encoding";

type Kept = {
  json: string;
  /** The JSON as UTF-8, for clients that take it uncompressed. */
  bytes?: Uint8Array<ArrayBuffer>;
  encoded: Partial<Record<Encoding, Uint8Array<ArrayBuffer>>>;
};

const kept = new WeakMap<object, Kept>();

/**
 * Marks an answer that is served from memory (the same object to every caller until it is
 * replaced, like the landing page's top clubs): its JSON is written once here, and each
 * encoding is compressed once on first use (src/plugins/compression.ts), instead of on every
 * request. The value is frozen, since a later change would not reach the kept JSON.
 */
export function keepJson<T extends object>(value: T): T {
  kept.set(value, { json: JSON.stringify(value), encoded: {} });
  return Object.freeze(value);
}

/** Whether the value's JSON is kept (so each encoding is paid once: the smallest is worth it). */
export function isKept(value: object | number): boolean {
  return typeof value === "object" && kept.has(value);
}

/** The kept JSON of a value, or a fresh serialisation of any other. */
export function jsonOf(value: object | number): string {
  return (typeof value === "object" && kept.get(value)?.json) || JSON.stringify(value);
}

/**
 * The uncompressed body: a kept value's UTF-8 bytes, made once (the server then sends them as
 * they are instead of encoding the string again on every request), or the JSON of any other.
 */
export function plainJsonOf(value: object | number, json: string): string | Uint8Array<ArrayBuffer> {
  const entry = typeof value === "object" ? kept.get(value) : undefined;
  if (!entry) return json;
  entry.bytes ??= new TextEncoder().encode(json) as Uint8Array<ArrayBuffer>;
  return entry.bytes;
}

/** The body in the given encoding: compressed once for a kept value, per call for any other. */
export function encodedJsonOf(
  value: object | number,
  json: string,
  encoding: Encoding,
): Uint8Array<ArrayBuffer> {
  const entry = typeof value === "object" ? kept.get(value) : undefined;
  if (!entry) return compressBytes(json, encoding);
  entry.encoded[encoding] ??= compressBytes(json, encoding);
  return entry.encoded[encoding];
}
