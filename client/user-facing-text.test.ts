import { expect, test } from "bun:test";
import { readdirSync, readFileSync } from "node:fs";
import { join, relative } from "node:path";

/**
 * Every word a person reads comes from the catalogue (common/messages), so it exists in both
 * languages. This scans every component for text written straight into JSX (between tags) and
 * for literal strings in the attributes people read or hear (aria-label, placeholder, title,
 * alt, label…), and fails naming the file and the text.
 */
const root = import.meta.dir;

function tsxFiles(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) return tsxFiles(path);
    return entry.name.endsWith(".tsx") && !entry.name.includes(".test.") ? [path] : [];
  });
}

const READ_ATTRIBUTES = [
  "aria-label",
  "aria-description",
  "aria-placeholder",
  "aria-roledescription",
  "aria-valuetext",
  "placeholder",
  "title",
  "alt",
  "label",
];

// Letters make it words; a lone separator, symbol or number is not language.
const hasWords = (text: string) => /\p{L}{2,}/u.test(text);

/** Drops comments and `{…}` expressions' string contents that are code (classNames, keys…). */
function stripComments(code: string): string {
  return code.replace(/\/\*[\s\S]*?\*\//g, "").replace(/(^|[^:])\/\/.*$/gm, "$1");
}

export function findInlineText(code: string): string[] {
  const source = stripComments(code);
  const found: string[] = [];
  for (const attribute of READ_ATTRIBUTES) {
    const pattern = new RegExp(
      `\\s${attribute}=(?:"([^"]*)"|'([^']*)'|\\{\\s*["'\`]([^"'\`]*)["'\`]\\s*\\})`,
      "g",
    );
    for (const match of source.matchAll(pattern)) {
      const value = match[1] ?? match[2] ?? match[3] ?? "";
      if (hasWords(value)) found.push(`${attribute}="${value}"`);
    }
  }
  // Text between a JSX tag's end (`>` closing `<tag …>` or `</tag>`) and the next tag or expression.
  const text = /(?:<[A-Za-z][\w.]*(?:\s[^<>]*?)?>|<\/[A-Za-z][\w.]*>|\/>)([^<>{}]*)(?=<|\{)/g;
  for (const match of source.matchAll(text)) {
    const value = (match[1] ?? "").trim();
    // Code that only looks like it (`api.get<Profile>("/api/…")`, `) : !list ? (`) is skipped.
    if (value && hasWords(value) && !/[;=()"`]|=>/.test(value)) found.push(`text "${value}"`);
  }
  // A string literal rendered as a child: {"Save"} or {'Save'}.
  for (const match of source.matchAll(/>\s*\{\s*["'`]([^"'`]*)["'`]\s*\}/g)) {
    if (hasWords(match[1] ?? "")) found.push(`text {"${match[1]}"}`);
  }
  return found;
}

test("the scanner finds inline text (it must be able to fail)", () => {
  expect(findInlineText(`<button aria-label="Close">x</button>`)).toContain(`aria-label="Close"`);
  expect(findInlineText(`<p>Hello there</p>`)).toContain(`text "Hello there"`);
  expect(findInlineText(`<input placeholder={"Search"} />`)).toContain(`placeholder="Search"`);
  expect(findInlineText(`<span>{"Save"}</span>`)).toContain(`text {"Save"}`);
  expect(findInlineText(`<p>\n  Posted by\n  {name}\n</p>`)).toContain(`text "Posted by"`);
  expect(findInlineText(`<b>{t.save}</b> <i aria-hidden="true"> / </i>`)).toEqual([]);
  expect(findInlineText(`const p = api.get<Profile>("/api/users/me", { fallback: t.x });`)).toEqual([]);
});

test("components contain no user-facing text outside the catalogue", () => {
  const problems = tsxFiles(root).flatMap((file) =>
    findInlineText(readFileSync(file, "utf8")).map((hit) => `${relative(root, file)}: ${hit}`),
  );
  expect(problems).toEqual([]);
});
