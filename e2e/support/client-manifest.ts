import { readFileSync } from "node:fs";
import { dirname, join } from "node:path";
import { fileURLToPath } from "node:url";

/** What `bun run build` wrote about the browser's scripts (dist/client/manifest.json). */
export type ClientManifest = {
  entry: string;
  preloads: string[];
  routes: Record<string, string[]>;
  messages: Record<"en" | "es", string>;
};

/** Read when asked: the stack's global setup builds the client before any spec runs. */
export const clientManifest = (): ClientManifest =>
  JSON.parse(
    readFileSync(join(dirname(fileURLToPath(import.meta.url)), "../../dist/client/manifest.json"), "utf8"),
  ) as ClientManifest;
