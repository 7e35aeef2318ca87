import { expect, test } from "bun:test";
import { messages } from ".";
import { argumentsOf } from "./icu-args.fixtures";

/**
 * The two catalogues must say the same things: every key in both languages, nothing extra,
 * the same {placeholders}, and Spanish actually translated. The type catches most shape slips;
 * this catches the rest (extra keys in nested files, empty strings, a forgotten {name}, a
 * string pasted in English).
 */
type Leaf = { path: string; value: unknown };

function leaves(node: unknown, path: string[] = []): Leaf[] {
  if (node !== null && typeof node === "object") {
    return Object.keys(node).flatMap((key) => leaves((node as Record<string, unknown>)[key], [...path, key]));
  }
  return [{ path: path.join("."), value: node }];
}

const en = leaves(messages("en"));
const es = leaves(messages("es"));
const esByPath = new Map(es.map((leaf) => [leaf.path, leaf.value]));

// The same in both languages on purpose: names and pure formatting.
const SAME_IN_BOTH = new Set([
  "common.appName",
  "watchedWords.reporterName",
  // "no" is the same word in both languages.
  "checkIns.csvNo",
  "meta.title",
  "meta.titleSuffix",
  "nav.logo",
  "shellCommon.errorPrefix",
  "clubPage.social.facebook",
  "clubPage.social.instagram",
  "clubPage.social.whatsapp",
  "clubPage.eventOn",
  "clubForm.facebook",
  "clubForm.instagram",
  // The browser feature's name, used as is in Spanish too.
  "noticeSettings.push",
  "clubForm.googleForms",
  "clubForm.whatsapp",
  "calendar.at",
  "connectionsPage.chat",
  "chatPage.title",
  "tabBar.chats",
  "noticeSettings.groupNames.chats",
  "inboxPage.title",
  // The channel's name (issue 48), kept in Spanish in the English app too.
  "avisos.name",
  "avisos.listName",
  "profilePage.username",
  "language.names.es",
  "language.names.en",
  "digest.eventLine",
  "digest.postLine",
  // The dashboard: "Club" is the same word, the rest are units and a dash.
  "recruitingPage.clubLabel",
  "recruitingPage.colClub",
  "recruitingPage.notRecorded",
  "recruitingPage.minutes",
  "recruitingPage.hours",
  "recruitingPage.days",
  "admin.pickHour",
  "auditPage.sentences.other",
]);

// ICU arguments: "{name}" and the argument of "{count, plural, …}" alike.
const placeholders = (value: unknown) => (typeof value === "string" ? argumentsOf(value) : []);

test("both languages have exactly the same keys", () => {
  const enPaths = en.map((leaf) => leaf.path).sort();
  const esPaths = es.map((leaf) => leaf.path).sort();
  expect(esPaths.filter((path) => !enPaths.includes(path))).toEqual([]);
  expect(enPaths.filter((path) => !esPaths.includes(path))).toEqual([]);
  expect(en.length).toBeGreaterThan(700);
});

test("every string is non-empty text with the same placeholders in both languages", () => {
  const problems: string[] = [];
  for (const { path, value } of en) {
    const spanish = esByPath.get(path);
    if (typeof value !== "string" || !value.trim()) problems.push(`en ${path}: not a non-empty string`);
    if (typeof spanish !== "string" || !spanish.trim()) problems.push(`es ${path}: not a non-empty string`);
    if (placeholders(value).join() !== placeholders(spanish).join()) {
      problems.push(`${path}: {${placeholders(value)}} in English, {${placeholders(spanish)}} in Spanish`);
    }
  }
  expect(problems).toEqual([]);
});

test("Spanish is translated (only names and pure formatting are the same as English)", () => {
  const untranslated = en
    .filter(({ path, value }) => esByPath.get(path) === value && !SAME_IN_BOTH.has(path))
    .map(({ path, value }) => `${path}: ${JSON.stringify(value)}`);
  expect(untranslated).toEqual([]);
  for (const path of SAME_IN_BOTH) expect(esByPath.has(path)).toBe(true);
});
