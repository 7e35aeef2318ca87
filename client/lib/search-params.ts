/**
 * Checks for filters in a public page's URL (`validateSearch` of /clubs and /events). Hand-written,
 * not zod: those routes are in the entry chunk every public page downloads, and zod (even
 * zod/mini, which Bun's bundler does not tree-shake) added 60-100 kB to it (issue 50's Lighthouse
 * run). Each returns undefined for a value it refuses, so a bad filter drops only itself.
 */

/** A trimmed, non-empty string cut to `max` characters. */
export function searchText(value: unknown, max: number): string | undefined {
  if (typeof value !== "string") return undefined;
  const text = value.trim();
  return text ? text.slice(0, max) : undefined;
}

/** One of `allowed`, as written. */
export function searchChoice<T extends string>(value: unknown, allowed: readonly T[]): T | undefined {
  return allowed.includes(value as T) ? (value as T) : undefined;
}

/** A whole number in [min, max], from a number or its digits ("12"). */
export function searchInteger(value: unknown, min: number, max: number): number | undefined {
  const n =
    typeof value === "number"
      ? value
      : typeof value === "string" && value.trim()
        ? Number(value)
        : Number.NaN;
  return Number.isInteger(n) && n >= min && n <= max ? n : undefined;
}

/** A string matching `pattern`. */
export function searchMatch(value: unknown, pattern: RegExp): string | undefined {
  return typeof value === "string" && pattern.test(value) ? value : undefined;
}
