/**
 * The process entry: `bun src/main.ts`, the image's command. Before any of the app loads it sets
 * what cannot change once the server runs: the JavaScript heap's budget (re-executing the process
 * once, lib/runtime/heap-budget.ts), then which code runs: in production the server bundle when
 * it is current (lib/runtime/server-bundle.ts), else start.ts from the sources.
 */
import { HeapBudgetError } from "./lib/runtime/collector-options";
import { applyHeapBudget } from "./lib/runtime/heap-budget";
import { chooseServerEntry, SERVER_BUNDLE } from "./lib/runtime/server-bundle";

try {
  applyHeapBudget();
} catch (error) {
  if (!(error instanceof HeapBudgetError)) throw error;
  console.error(error.message);
  process.exit(78);
}

const entry = chooseServerEntry(process.env);
const code: typeof import("./start") = await import(entry.kind === "bundle" ? SERVER_BUNDLE : "./start");
await code.start(entry);
