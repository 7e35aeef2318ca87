// The named export: the default one is a CommonJS interop object under Playwright's Node loader.
import { IntlMessageFormat } from "intl-messageformat";
import type { Locale } from "./locales";

/**
 * Messages are ICU MessageFormat (FormatJS `intl-messageformat`): `{name}` placeholders, and
 * `{count, plural, one {# van} other {# van}}` / `{kind, select, …}` wherever a number or a kind
 * changes the words. A template without plural/select/number takes the plain path (no parse),
 * so most strings cost nothing; the others are parsed once and cached (on the server), or come
 * pre-parsed from the build (the browser, which ships without the parser:
 * scripts/build/catalogue-files.ts).
 */
export type Values = Record<string, string | number>;

/** True for a template that needs ICU (plural, select, selectordinal, number). */
export function isIcuTemplate(template: string): boolean {
  return /\{\s*\w+\s*,\s*(plural|select|selectordinal|number)\b/.test(template);
}

const TAGS: Record<Locale, string> = { es: "es-NI", en: "en-US" };
const compiledCache = new Map<string, IntlMessageFormat>();

/** Fills `{name}` placeholders; a name with no value is left as written. */
function fillPlaceholders(template: string, values: Values): string {
  return template.replace(/\{(\w+)\}/g, (match, key: string) =>
    key in values ? String(values[key]) : match,
  );
}

/**
 * Formats a catalogue template in a language. `ast` is the template pre-parsed at build time
 * (the browser); without it the template is parsed here.
 */
export function formatIn(template: string, values: Values, locale: Locale, ast?: unknown): string {
  if (!isIcuTemplate(template)) return fillPlaceholders(template, values);
  const key = `${locale}\u0000${template}`;
  let compiled = compiledCache.get(key);
  if (!compiled) {
    compiled = new IntlMessageFormat((ast ?? template) as string, TAGS[locale], undefined, {
      ignoreTag: true,
    });
    compiledCache.set(key, compiled);
  }
  const result = compiled.format(values);
  return Array.isArray(result) ? result.join("") : String(result);
}
