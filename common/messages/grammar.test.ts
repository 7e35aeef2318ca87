import { expect, test } from "bun:test";
import { formatDateTime } from "../datetime";
import { format, type Locale, messages } from ".";
import { argumentsBeforeWords, argumentsOf, flattenElements, parseTemplate } from "./icu-args.fixtures";

/**
 * Spanish (and English) that reads as written by a person: a number goes through a plural form,
 * never glued to a noun ("1 van", "1 abiertos"); no "reporte(s)"; no doubled period where a
 * message ends on a time that already ends in one ("hasta las 3:45 p. m..").
 */
type Leaf = { path: string; value: string };

function leaves(node: unknown, path: string[] = []): Leaf[] {
  if (typeof node === "string") return [{ path: path.join("."), value: node }];
  if (node !== null && typeof node === "object") {
    return Object.entries(node).flatMap(([key, value]) => leaves(value, [...path, key]));
  }
  return [];
}

/** Arguments that hold a number a noun may follow; every other {arg} holds text or a date. */
const NUMBER_ARGS = new Set(["count", "max", "capacity", "total", "position", "page", "pages", "from", "to"]);
/** Arguments that hold a formatted moment (formatDateTime): Spanish times end in "m.". */
const MOMENT_ARGS = new Set(["until", "date", "time", "when"]);
/** Words that may follow a bare number: they do not change with it ("3 de 10", "3 of 10"). */
const CONNECTORS = new Set(["de", "of", "en", "on", "in", "y", "and", "a", "to", "MB", "KB"]);

const LOCALES: Locale[] = ["es", "en"];
const catalogue = Object.fromEntries(LOCALES.map((locale) => [locale, leaves(messages(locale))])) as Record<
  Locale,
  Leaf[]
>;

function sampleValues(template: string, locale: Locale, count: number) {
  const values: Record<string, string | number> = {};
  for (const name of argumentsOf(template)) {
    if (NUMBER_ARGS.has(name)) values[name] = count;
    else if (MOMENT_ARGS.has(name)) values[name] = formatDateTime("2026-11-23T21:45:00Z", locale);
    else values[name] = "Ana";
  }
  return values;
}

test.each(LOCALES)("every %s message parses as ICU MessageFormat", (locale) => {
  const broken: string[] = [];
  for (const { path, value } of catalogue[locale]) {
    try {
      parseTemplate(value);
    } catch (error) {
      broken.push(`${path}: ${(error as Error).message}`);
    }
  }
  expect(broken).toEqual([]);
});

test.each(LOCALES)("no %s message glues a number to a noun outside a plural form", (locale) => {
  const glued = catalogue[locale].flatMap(({ path, value }) =>
    argumentsBeforeWords(value)
      .filter(({ name, next }) => NUMBER_ARGS.has(name) && !CONNECTORS.has(next))
      .map(({ name, next }) => `${path}: {${name}} ${next}`),
  );
  expect(glued).toEqual([]);
});

test.each(LOCALES)("every %s plural form has its 'one' and 'other' branches", (locale) => {
  const missing = catalogue[locale].flatMap(({ path, value }) =>
    flattenElements(parseTemplate(value))
      .filter((element) => "options" in element && "pluralType" in element)
      .filter((element) => !("one" in element.options && "other" in element.options))
      .map(() => path),
  );
  expect(missing).toEqual([]);
});

test.each(LOCALES)('no %s message says "(s)" or ends in a doubled period, with 1 or 2 things', (locale) => {
  const problems: string[] = [];
  for (const { path, value } of catalogue[locale]) {
    if (/\((s|es)\)/.test(value)) problems.push(`${path}: "(s)"`);
    for (const count of [0, 1, 2]) {
      const text = format(value, sampleValues(value, locale, count), locale);
      if (/(^|[^.])\.\.(?!\.)/.test(text)) problems.push(`${path}: doubled period in "${text}"`);
      if (/\{\w+[},]/.test(text)) problems.push(`${path}: unfilled placeholder in "${text}"`);
    }
  }
  expect(problems).toEqual([]);
});

test("plural forms read right for one and for many", () => {
  const es = messages("es");
  const en = messages("en");
  expect(format(es.events.goingCount, { count: 1 }, "es")).toBe("1 va");
  expect(format(es.events.goingCount, { count: 3 }, "es")).toBe("3 van");
  expect(format(es.events.goingCount, { count: 0 }, "es")).toBe("Nadie va todavía");
  expect(format(es.reportQueuePage.openCount, { count: 1 }, "es")).toBe("1 abierto");
  expect(format(es.reportQueuePage.openCount, { count: 4 }, "es")).toBe("4 abiertos");
  expect(format(es.reportQueuePage.actioned, { count: 1 }, "es")).toBe("Listo: se resolvió 1 reporte.");
  expect(format(en.reportQueuePage.dismissed, { count: 2 }, "en")).toBe("Dismissed 2 reports.");
  expect(format(es.shellCommon.members, { count: 1 }, "es")).toBe("1 miembro");
  expect(format(en.postView.likes, { count: 1 }, "en")).toBe("1 like");
  expect(format(es.notices.directMessage, { person: "Ana", count: 1 }, "es")).toBe(
    "Ana te envió 1 mensaje nuevo.",
  );
  expect(format(en.notices.directMessage, { person: "Ana", count: 1 }, "en")).toBe(
    "Ana sent you a new message.",
  );
  expect(format(en.notices.clubMessage, { club: "Ajedrez", count: 3 }, "en")).toBe(
    "3 new messages in the Ajedrez chat.",
  );
  expect(format(es.push.summaryTitle, { count: 1 }, "es")).toBe("1 notificación mientras descansabas");
  expect(format(es.digest.requestsLine, { club: "Ajedrez", count: 1 }, "es")).toBe("Ajedrez: 1 pendiente");
  expect(format(es.digest.requestsLine, { club: "Ajedrez", count: 2 }, "es")).toBe("Ajedrez: 2 pendientes");
});

test("plain placeholders still fill as before, and a missing value stays visible", () => {
  expect(format("Hola, {name}", { name: "Ana" }, "es")).toBe("Hola, Ana");
  expect(format("{a} y {b}", { a: 1 }, "es")).toBe("1 y {b}");
});
