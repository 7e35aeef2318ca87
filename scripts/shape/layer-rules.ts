/**
 * The import arrows between layers, each rule written once (checked by scripts/shape/layers.ts,
 * run by `bun run lint`). Biome's noRestrictedImports held these before, but its overrides do not
 * merge: a file takes one override's options for a rule, so every shared rule had to be repeated
 * in each folder's override.
 *
 * - `files` / `except`: globs on repo paths of the importing file.
 * - `paths`: globs on the imported module's repo path (relative specifiers, resolved, without
 *   extension); a glob also matches everything under a folder it names (`db` refuses `db/schema`).
 * - `packages`: globs on bare specifiers (package names and their subpaths).
 * - `unlessWithin`: the arrow is allowed when importer and module sit in the same folder matching
 *   this glob (a feature's own queries).
 * - `allowNames`: names that may still be imported from a refused package.
 * - `allowPaths`: globs on the imported module's repo path that the rule lets through (a
 *   feature's fixtures, for tests).
 */
export type LayerRule = {
  files: string[];
  except?: string[];
  paths?: string[];
  packages?: string[];
  unlessWithin?: string;
  allowNames?: string[];
  allowPaths?: string[];
  message: string;
};

const QUERIES = ["src/{features,platform}/**/queries.ts", "src/{features,platform}/**/*-queries.ts"];
const SRC_TESTS = ["src/**/*.test.{ts,tsx}"];
// Tests and fixtures may set up rows and reach other features' queries; src/lib and src/ssr tests
// keep their layer's rules.
const TESTS = ["src/*.test.{ts,tsx}", "src/{features,platform,plugins}/**/*.test.{ts,tsx}"];
const PLATFORM_FIXTURES = "src/platform/**/*.fixtures.ts";
const FEATURE_TESTS = ["src/features/**/*.test.{ts,tsx}", "src/features/**/*.fixtures.ts"];
// Any module inside a feature's folder; the folder itself ("../clubs") resolves to its index.ts.
const FEATURE_MODULES = ["src/features/*/*"];
const THROUGH_INDEX =
  'A feature uses another only through its public surface, that feature\'s index.ts: import "../<feature>", never a module inside it (add what you need to its index.ts).';

export const layerRules: LayerRule[] = [
  {
    files: ["common/**", "client/**", "src/**"],
    except: ["src/lib/database/**", ...QUERIES, ...TESTS, PLATFORM_FIXTURES],
    paths: ["db/schema"],
    packages: ["drizzle-orm", "drizzle-orm/**", "postgres"],
    message: "Only queries.ts / *-queries.ts files (and src/lib/database, db/) touch the database.",
  },
  {
    files: ["src/**"],
    except: ["src/ssr/**"],
    paths: ["client"],
    message:
      "src/ imports client/ only in src/ssr/ (the router and the page tree); shared code lives in common/.",
  },
  {
    files: ["src/**"],
    except: ["src/lib/**", ...TESTS, PLATFORM_FIXTURES],
    paths: ["src/{features,platform}/*/queries", "src/{features,platform}/*/*-queries"],
    unlessWithin: "src/{features,platform}/*",
    message:
      "A feature never imports another feature's queries: use the small public module that feature exports (e.g. clubs/access.ts).",
  },
  {
    files: ["src/features/**"],
    except: FEATURE_TESTS,
    paths: FEATURE_MODULES,
    unlessWithin: "src/features/*",
    message: THROUGH_INDEX,
  },
  {
    // Tests and fixtures may also set up data with another feature's fixtures.
    files: FEATURE_TESTS,
    paths: FEATURE_MODULES,
    unlessWithin: "src/features/*",
    allowPaths: ["src/features/*/*.fixtures"],
    message: `${THROUGH_INDEX} Tests may also use its *.fixtures.ts.`,
  },
  {
    // The composition root (src/app.ts, src/jobs.ts, src/server.ts, src/ssr, …) wires features
    // through their index.ts too, so a feature's surface is one list whoever reads it.
    files: ["src/**"],
    except: ["src/features/**", ...SRC_TESTS],
    paths: FEATURE_MODULES,
    message:
      'Outside src/features (the composition root: app.ts, jobs.ts, server.ts, ssr/, …) a feature is used only through its index.ts: import "./features/<feature>", never a module inside it (export its routes or jobs from its index.ts).',
  },
  {
    // Tests elsewhere in src/, the tools (benchmarks, seeds, checks), test/ and the browser specs:
    // the index and the fixtures. What a benchmark measures is exported from the index, saying why.
    files: [...SRC_TESTS, "src/**/*.fixtures.{ts,tsx}", "scripts/**", "test/**", "e2e/**"],
    except: FEATURE_TESTS,
    paths: FEATURE_MODULES,
    allowPaths: ["src/features/*/*.fixtures"],
    message:
      "Tests outside src/features, scripts/ and e2e/ use a feature only through its index.ts or its *.fixtures.ts, never another module inside it (export what a tool needs from the index, saying why).",
  },
  {
    files: ["src/plugins/**"],
    except: SRC_TESTS,
    paths: ["src/features"],
    message:
      "Plugins only authenticate and handle cross-cutting concerns: they import no feature (app.ts wires features into them).",
  },
  {
    files: ["src/lib/**"],
    paths: ["src/features", "src/plugins", "src/ssr", "src/app", "src/server"],
    message: "src/lib imports nothing above it.",
  },
  {
    files: ["src/platform/**"],
    except: [...SRC_TESTS, PLATFORM_FIXTURES],
    paths: ["src/features"],
    message:
      "src/platform is the app's infrastructure (health, operations, mail in development, the admin bootstrap, rate limits, audit, locale): features use it, it imports no feature.",
  },
  {
    files: ["common/**"],
    paths: ["src", "client", "db"],
    message: "common/ is shared by server and browser: it imports neither src/, client/ nor db/.",
  },
  {
    files: ["client/**"],
    paths: ["src", "db"],
    message: "Browser code talks to the server through the API; what both sides need lives in common/.",
  },
  {
    files: ["client/**"],
    packages: ["lucide-react"],
    allowNames: ["LucideIcon"],
    message:
      "Import each icon from lucide-react/icons/<name>: the server renders client code unbundled, and the package's barrel loads every icon it has (about 50 MB of the server process's memory).",
  },
  {
    files: ["**"],
    packages: ["elysia/**"],
    message:
      'Elysia through its public API only: import from "elysia", never a module inside it (elysia/…), so upgrading it stays a version bump.',
  },
];
