/** What /docs says about the health calls (routes.ts): the prose, kept out of the route table. */

export const healthDocs = {
  liveness: { summary: "Process is alive" },
  readiness: { summary: "Database reachable and migrated (503 otherwise)" },
} as const;
