import { Elysia } from "elysia";
import { z } from "zod";
import type { AppDeps } from "../../deps";
import { isMigrated } from "../../lib/database/migrate";
import { healthDocs } from "./route-docs";

/** Liveness (/healthz: the process answers) and readiness (/readyz: database up and migrated). */
export function healthRoutes({ deps }: { deps: AppDeps }) {
  return new Elysia({ name: "health-routes", detail: { tags: ["Health"] } })
    .get("/healthz", () => ({ status: "ok" as const }), {
      response: { 200: z.object({ status: z.literal("ok") }) },
      detail: healthDocs.liveness,
    })
    .get(
      "/readyz",
      async ({ set }) => {
        if (!deps.lifecycle.accepting) {
          set.status = 503;
          return { status: "shutting_down" };
        }
        try {
          if (await isMigrated(deps.db)) return { status: "ready" };
          set.status = 503;
          return { status: "migrations_pending" };
        } catch {
          set.status = 503;
          return { status: "database_unreachable" };
        }
      },
      {
        response: {
          200: z.object({ status: z.literal("ready") }),
          503: z.object({ status: z.enum(["shutting_down", "migrations_pending", "database_unreachable"]) }),
        },
        detail: healthDocs.readiness,
      },
    );
}
