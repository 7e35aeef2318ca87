import { Counter, collectDefaultMetrics, Gauge, Histogram, Registry } from "prom-client";

/**
 * The process's Prometheus metrics (prom-client: the exposition format, histogram buckets and
 * label escaping are its job). One registry per process; features record through the small
 * functions below, never through prom-client itself, so the metric names live in one file.
 */
const registry = new Registry();
collectDefaultMetrics({ register: registry, prefix: "clubnica_" });

const requests = new Counter({
  name: "clubnica_http_requests_total",
  help: "HTTP requests answered, by method, route pattern and status.",
  labelNames: ["method", "route", "status"] as const,
  registers: [registry],
});

const duration = new Histogram({
  name: "clubnica_http_request_duration_seconds",
  help: "Time from receiving a request to answering it, by method, route pattern and status.",
  labelNames: ["method", "route", "status"] as const,
  buckets: [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10],
  registers: [registry],
});

const notModified = new Counter({
  name: "clubnica_polls_not_modified_total",
  help: "Polls answered 304 Not Modified (nothing new since the client's ETag), by route.",
  labelNames: ["route"] as const,
  registers: [registry],
});

const mailSent = new Counter({
  name: "clubnica_mail_sent_total",
  help: "E-mails handed to the SMTP server.",
  registers: [registry],
});

const mailFailed = new Counter({
  name: "clubnica_mail_failed_total",
  help: "Attempts to send an e-mail that failed (each retry that fails counts again).",
  registers: [registry],
});

const rateLimited = new Counter({
  name: "clubnica_rate_limit_refusals_total",
  help: "Requests refused by a rate limiter, by limiter.",
  labelNames: ["limiter"] as const,
  registers: [registry],
});

export type PoolStats = { max: number; idle: number; busy: number; reserved: number; waiting: number };
let poolStats: (() => PoolStats) | null = null;

new Gauge({
  name: "clubnica_db_pool_connections",
  help: "Database pool connections by state: in_use (running queries or a transaction), idle, max.",
  labelNames: ["state"] as const,
  registers: [registry],
  collect() {
    if (!poolStats) return;
    const stats = poolStats();
    this.set({ state: "in_use" }, stats.busy + stats.reserved);
    this.set({ state: "idle" }, stats.idle);
    this.set({ state: "max" }, stats.max);
  },
});

new Gauge({
  name: "clubnica_db_pool_waiting_queries",
  help: "Queries waiting for a free database connection.",
  registers: [registry],
  collect() {
    if (poolStats) this.set(poolStats().waiting);
  },
});

/** The pool whose state the gauges report (the server's; the last one set wins). */
export function setPoolStatsSource(source: (() => PoolStats) | null): void {
  poolStats = source;
}

export function recordRequest(options: { method: string; route: string; status: number; seconds: number }) {
  const labels = { method: options.method, route: options.route, status: String(options.status) };
  requests.inc(labels);
  duration.observe(labels, options.seconds);
  if (options.status === 304 && options.route.startsWith("/api/")) notModified.inc({ route: options.route });
}

export function recordMailSent(): void {
  mailSent.inc();
}

export function recordMailFailed(): void {
  mailFailed.inc();
}

/** Every limiter calls this when it refuses a request: `limiter` names it (login, email_code, ...). */
export function recordRateLimitRefusal(limiter: string): void {
  rateLimited.inc({ limiter });
}

export const metricsContentType = registry.contentType;

export async function renderMetrics(): Promise<string> {
  return await registry.metrics();
}
