import { afterEach, describe, expect, test } from "bun:test";
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { dirname, join } from "node:path";
import { APP_ROOT } from "./app-root";
import { findAppRoot } from "./find-app-root";
import { BUNDLE_MANIFEST, chooseServerEntry, sourcesDigest } from "./server-bundle";

let root: string;
afterEach(() => rmSync(root, { recursive: true, force: true }));

function write(path: string, content: string) {
  mkdirSync(dirname(join(root, path)), { recursive: true });
  writeFileSync(join(root, path), content);
}

/** A checkout with one source file, built: the bundle and its manifest, as scripts/build-server.ts writes them. */
function builtCheckout() {
  root = mkdtempSync(join(tmpdir(), "clubnica-entry-"));
  write("package.json", "{}");
  write("bun.lock", "{}");
  write("src/features/clubs/routes.ts", "export const a = 1;");
  write("dist/server/start.js", "export async function start() {}");
  const files = ["src/features/clubs/routes.ts"];
  write(BUNDLE_MANIFEST, JSON.stringify({ files, digest: sourcesDigest(root, files) }));
}

describe("chooseServerEntry", () => {
  test("production runs the bundle while the sources it was built from are unchanged", () => {
    builtCheckout();
    expect(chooseServerEntry({ NODE_ENV: "production" }, root)).toEqual({
      kind: "bundle",
      reason: "dist/server/start.js",
    });
  });

  test("an edited source, or a new lockfile, runs the sources, never the stale bundle", () => {
    builtCheckout();
    write("src/features/clubs/routes.ts", "export const a = 2;");
    expect(chooseServerEntry({ NODE_ENV: "production" }, root)).toEqual({
      kind: "sources",
      reason: "the sources changed since the server bundle was built",
    });
    builtCheckout();
    write("bun.lock", '{"changed":true}');
    expect(chooseServerEntry({ NODE_ENV: "production" }, root).kind).toBe("sources");
  });

  test("SERVER_CODE=sources runs the sources though the bundle is current", () => {
    builtCheckout();
    expect(chooseServerEntry({ NODE_ENV: "production", SERVER_CODE: "sources" }, root)).toEqual({
      kind: "sources",
      reason: "SERVER_CODE=sources",
    });
  });

  test("a bundled file that is gone runs the sources", () => {
    builtCheckout();
    rmSync(join(root, "src/features/clubs/routes.ts"));
    expect(chooseServerEntry({ NODE_ENV: "production" }, root).kind).toBe("sources");
  });

  test("no bundle, no manifest, or not production: the sources", () => {
    builtCheckout();
    expect(chooseServerEntry({ NODE_ENV: "development" }, root)).toEqual({
      kind: "sources",
      reason: "not production",
    });
    expect(chooseServerEntry({}, root).kind).toBe("sources");
    rmSync(join(root, BUNDLE_MANIFEST));
    expect(chooseServerEntry({ NODE_ENV: "production" }, root)).toEqual({
      kind: "sources",
      reason: "no server bundle (run `bun run build`)",
    });
    builtCheckout();
    rmSync(join(root, "dist/server/start.js"));
    expect(chooseServerEntry({ NODE_ENV: "production" }, root).kind).toBe("sources");
  });
});

describe("findAppRoot", () => {
  test("walks up to the directory holding package.json, from src/ or from dist/server/", () => {
    expect(findAppRoot(join(APP_ROOT, "src/lib/runtime"))).toBe(APP_ROOT);
    expect(findAppRoot(join(APP_ROOT, "dist/server"))).toBe(APP_ROOT);
    root = mkdtempSync(join(tmpdir(), "clubnica-entry-"));
    write("package.json", "{}");
    expect(findAppRoot(join(root, "dist/server"))).toBe(root);
  });
});
