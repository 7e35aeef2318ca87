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

/*
 * ICU loads its number data on the first Intl.NumberFormat, and intl-messageformat resolves every
 * locale through Intl.NumberFormat.supportedLocalesOf, which loads it too: 15-20 ms of main thread
 * here, 55-80 ms at the 4× slower CPU of Lighthouse's phone, in one piece, inside the hydration of
 * the first component that formats a count (issue 50, blocking time). Our two tags are always
 * supported, so they are resolved directly; and a whole number from 0 to 999 is written with the
 * same plain digits in both languages (no grouping, no sign), so `#` in a plural needs no
 * Intl.NumberFormat for it. Anything else (1,234, decimals, {n, number, …}) still goes to Intl.
 */
IntlMessageFormat.resolveLocale = (locales) =>
  new Intl.Locale(Array.isArray(locales) ? (locales[0] ?? TAGS.en) : locales);

const numberFormats = new Map<string, Intl.NumberFormat>();
const pluralRules = new Map<string, Intl.PluralRules>();
const dateTimeFormats = new Map<string, Intl.DateTimeFormat>();

function cached<T>(cache: Map<string, T>, key: unknown, create: () => T): T {
  const id = JSON.stringify(key);
  let value = cache.get(id);
  if (value === undefined) {
    value = create();
    cache.set(id, value);
  }
  return value;
}

/** A whole number 0–999 as plain digits, exactly as Intl.NumberFormat writes it in es-NI and en-US. */
function isPlainCount(value: unknown): value is number {
  return typeof value === "number" && Number.isInteger(value) && value >= 0 && value < 1000;
}

const formatters = {
  getNumberFormat(locales?: string | string[], options?: Intl.NumberFormatOptions): Intl.NumberFormat {
    const full = () =>
      cached(numberFormats, [locales, options], () => new Intl.NumberFormat(locales, options));
    if (options) return full();
    const plain = {
      format: (value: number | bigint) => (isPlainCount(value) ? String(value) : full().format(value)),
    };
    return plain as Intl.NumberFormat;
  },
  getPluralRules(locales?: string | string[], options?: Intl.PluralRulesOptions): Intl.PluralRules {
    return cached(pluralRules, [locales, options], () => new Intl.PluralRules(locales, options));
  },
  getDateTimeFormat(locales?: string | string[], options?: Intl.DateTimeFormatOptions): Intl.DateTimeFormat {
    return cached(dateTimeFormats, [locales, options], () => new Intl.DateTimeFormat(locales, options));
  },
};

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
      formatters,
    });
    compiledCache.set(key, compiled);
  }
  const result = compiled.format(values);
  return Array.isArray(result) ? result.join("") : String(result);
}
