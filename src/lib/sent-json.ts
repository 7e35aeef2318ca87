import type { Encoding } from "./content-encoding";

/**
 * A JSON answer as the compression plugin sent it: its tag, and the bytes when it was sent
 * compressed (`encoding` null: sent as it is, nothing worth keeping).
 */
export type SentJson = {
  etag: string;
  jsonLength: number;
  encoding: Encoding | null;
  body: Uint8Array<ArrayBuffer> | null;
};

const listeners = new WeakMap<object, (sent: SentJson) => void>();

/**
 * Asks to be handed `value`'s answer once it is tagged and compressed (src/plugins/compression.ts),
 * so a poll answered from memory can send those very bytes again (the feed page) instead of
 * reading, serialising and compressing it once more. Only answers given a tag (API GETs answered
 * 200) are handed over; the listener is called at most once, on this value's first answer.
 */
export function whenSent<T extends object>(value: T, listener: (sent: SentJson) => void): T {
  listeners.set(value, listener);
  return value;
}

export function reportSent(value: object | number, sent: SentJson): void {
  if (typeof value !== "object") return;
  const listener = listeners.get(value);
  if (!listener) return;
  listeners.delete(value);
  listener(sent);
}
