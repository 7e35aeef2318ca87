import { expect, test } from "bun:test";
import { readdirSync, readFileSync, statSync } from "node:fs";
import { join, resolve } from "node:path";

/**
 * The accessibility sweep (e2e/accessibility.e2e.ts) visits every route of the client router, or
 * docs/web-app.md names the route among those it skips. Read from the sources, so a new route
 * fails here without starting a browser.
 */
const root = resolve(import.meta.dir, "..");
const read = (path: string) => readFileSync(join(root, path), "utf8");

/** `/clubs/$clubId` and `/clubs/42` alike become `/clubs/:`. */
const shape = (path: string) =>
  path
    .split("/")
    .map((part) => (/^\$|^\d+$|^:$/.test(part) ? ":" : part))
    .join("/");

function files(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const path = join(dir, name);
    return statSync(path).isDirectory() ? files(path) : /\.tsx?$/.test(name) ? [path] : [];
  });
}

/** Every `path: "/…"` of createRoute in client/routes (the catch-all `$` excepted). */
function routerPaths(): string[] {
  const paths = files(join(root, "client/routes")).flatMap((file) =>
    [...readFileSync(file, "utf8").matchAll(/\bpath: "(\/[^"]*)"/g)].map((m) => m[1]!),
  );
  return [...new Set(paths.map(shape))];
}

/** The paths the sweep's routesFor lists: literals, and templates with their values as `:`. */
export function sweptPaths(spec: string): string[] {
  const body = spec.slice(spec.indexOf("function routesFor"), spec.indexOf("function userFor"));
  const literals = [...body.matchAll(/"(\/[^"]*)"|`([^`]*)`/g)].map((m) => m[1] ?? m[2]!);
  return [
    ...new Set(
      literals
        .map((text) => text.replace(/\$\{club\}/g, "/clubs/:").replace(/\$\{[^}]+\}/g, ":"))
        .filter((text) => text.startsWith("/"))
        .map(shape),
    ),
  ];
}

function documentedSkips(): string[] {
  const doc = read("docs/web-app.md");
  const start = doc.indexOf("Routes the sweep skips:");
  expect(start).toBeGreaterThan(-1);
  const list = doc.slice(start, doc.indexOf("they came", start));
  return [...list.matchAll(/`(\/[^`]*)`/g)].map((m) => shape(m[1]!));
}

test("every route of the client router is swept by axe or named as skipped in docs/web-app.md", () => {
  const swept = new Set(sweptPaths(read("e2e/accessibility.e2e.ts")));
  const skipped = new Set(documentedSkips());
  const router = routerPaths();
  expect(router.length).toBeGreaterThan(30);
  expect(router.filter((path) => !swept.has(path) && !skipped.has(path))).toEqual([]);
  // A skipped route that is swept now, or gone from the router, leaves the list.
  expect([...skipped].filter((path) => swept.has(path) || !router.includes(path))).toEqual([]);
});

test("the sweep's routes are read with their parameters (the check fires on a new route)", () => {
  const spec = [
    // biome-ignore lint/suspicious/noTemplateCurlyInString: the spec's source text, read as text
    'function routesFor() { const club = `/clubs/${w.clubId}`; return ["/", club, `${club}/calendar`, `/chat/user/${w.owner.id}`]; }',
    "function userFor",
  ].join("\n");
  expect(sweptPaths(spec)).toEqual(["/clubs/:", "/", "/clubs/:/calendar", "/chat/user/:"]);
});
