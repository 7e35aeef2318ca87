/**
 * A streaming scan of raw JSON bytes that stops at the first byte past the allowed nesting or at
 * a NUL (raw, or escaped as \u0000), so a hostile body is refused after reading a few bytes of
 * it, long before JSON.parse (whose recursion a 100,000-level body overflows) or validation run.
 * Byte-level is safe: every byte of a multi-byte UTF-8 character is >= 0x80, so it never looks
 * like a bracket, a quote or a backslash. Malformed JSON passes through for JSON.parse to reject.
 */
export type JsonShapeProblem = "too-deep" | "nul";

const QUOTE = 0x22;
const BACKSLASH = 0x5c;
const OPEN = new Set([0x5b, 0x7b]);
const CLOSE = new Set([0x5d, 0x7d]);

function hexValue(byte: number): number {
  if (byte >= 0x30 && byte <= 0x39) return byte - 0x30;
  const lower = byte | 0x20;
  return lower >= 0x61 && lower <= 0x66 ? lower - 0x57 : -1;
}

/** `allowNul`: an escaped \u0000 is let through, for a route that drops NULs itself. */
export function createJsonShapeScanner(maxDepth: number, { allowNul = false } = {}) {
  let depth = 0;
  let inString = false;
  let escaped = false;
  // Inside a \uXXXX escape: digits left to read, and whether every digit so far was 0.
  let hexLeft = 0;
  let allZero = true;

  return function scan(bytes: Uint8Array): JsonShapeProblem | null {
    for (let i = 0; i < bytes.length; i++) {
      const byte = bytes[i] as number;
      if (byte === 0) return "nul";
      if (!inString) {
        if (byte === QUOTE) inString = true;
        else if (OPEN.has(byte)) {
          depth += 1;
          if (depth > maxDepth) return "too-deep";
        } else if (CLOSE.has(byte)) depth -= 1;
        continue;
      }
      if (hexLeft > 0) {
        allZero = allZero && hexValue(byte) === 0;
        hexLeft -= 1;
        if (hexLeft === 0 && allZero && !allowNul) return "nul";
      } else if (escaped) {
        escaped = false;
        if (byte === 0x75) {
          hexLeft = 4;
          allZero = true;
        }
      } else if (byte === BACKSLASH) escaped = true;
      else if (byte === QUOTE) inString = false;
    }
    return null;
  };
}
