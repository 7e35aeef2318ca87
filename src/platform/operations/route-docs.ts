/** What /docs says about the operations calls (routes.ts): the prose, kept out of the route table. */

export const operationsDocs = {
  metrics: {
    summary: "Prometheus metrics (token only)",
    description:
      "Prometheus text format. On this port only when METRICS_TOKEN is set, with `Authorization: Bearer <token>` (401 otherwise); without METRICS_TOKEN it is 404 here. Prometheus normally scrapes METRICS_PORT instead, which is not public.",
  },
  mailStatus: {
    summary: "Whether this server can send e-mail",
    description:
      "configured is false in production without SMTP_URL: verification and password-reset codes cannot be sent, and the screens say so.",
  },
} as const;
