import { Counter, collectDefaultMetrics, Gauge, Histogram, Registry } from "prom-client";
import type { PollMemoryStats } from "./poll-memory/poll-memory";

/**
 * The process's Prometheus metrics (prom-client: the exposition format, histogram buckets and
 * label escaping are its job). One registry per process; features record through the small
 * functions below, never through prom-client itself, so the metric names live in one file.
 */
const registry = new Registry();
collectDefaultMetrics({ register: registry, prefix: "clubnica_" });

/**
 * Request count and latency, recorded on every request. prom-client's Counter and Histogram hash
 * their label object on each call (twice per request): about 2 µs of CPU, a tenth of a cached
 * answer's. These two keep one entry per (method, route, status), found by a plain string key,
 * and hand prom-client's registry the same series at scrape time, so the exposition (names,
 * labels, buckets, escaping) is still prom-client's.
 */
const BUCKETS = [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10];
type RequestLabels = { method: string; route: string; status: string };
type RequestSeries = { labels: RequestLabels; count: number; sum: number; buckets: Float64Array };
const requestSeries = new Map<string, RequestSeries>();
type Exported = { labels: Record<string, string>; value: number; metricName?: string };

function requestMetric(name: string, help: string, type: "counter" | "histogram", values: () => Exported[]) {
  return {
    name,
    help,
    type,
    aggregator: "sum" as const,
    get: async () => ({ name, help, type, values: values(), aggregator: "sum" as const }),
  };
}

registry.registerMetric(
  requestMetric(
    "clubnica_http_requests_total",
    "HTTP requests answered, by method, route pattern and status.",
    "counter",
    () => [...requestSeries.values()].map((series) => ({ labels: series.labels, value: series.count })),
  ) as never,
);

registry.registerMetric(
  requestMetric(
    "clubnica_http_request_duration_seconds",
    "Time from receiving a request to answering it, by method, route pattern and status.",
    "histogram",
    () =>
      [...requestSeries.values()].flatMap((series) => {
        const name = "clubnica_http_request_duration_seconds";
        let cumulative = 0;
        const buckets: Exported[] = BUCKETS.map((le, i) => {
          cumulative += series.buckets[i] ?? 0;
          return {
            labels: { le: String(le), ...series.labels },
            value: cumulative,
            metricName: `${name}_bucket`,
          };
        });
        return [
          ...buckets,
          { labels: { le: "+Inf", ...series.labels }, value: series.count, metricName: `${name}_bucket` },
          { labels: series.labels, value: series.sum, metricName: `${name}_sum` },
          { labels: series.labels, value: series.count, metricName: `${name}_count` },
        ];
      }),
  ) as never,
);

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

const passwordChecks = new Counter({
  name: "clubnica_password_checks_total",
  help: "Passwords checked against a stored hash (argon2id): what a log-in flood costs the CPU.",
  registers: [registry],
});

const passwordHashBusy = new Counter({
  name: "clubnica_password_hash_busy_total",
  help: "Password hashes refused with 503 because this process's hashing queue was full (PASSWORD_HASH_QUEUE).",
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

let pollMemory: PollMemoryStats | null = null;
const byKind = (counts: Map<string, number> | undefined): Exported[] =>
  [...(counts ?? [])].map(([kind, value]) => ({ labels: { kind }, value }));

registry.registerMetric(
  requestMetric(
    "clubnica_poll_memory_hits_total",
    "Polls answered from the process's memory, without a statement, by kind (session, chat, badge, feed).",
    "counter",
    () => byKind(pollMemory?.hits),
  ) as never,
);

registry.registerMetric(
  requestMetric(
    "clubnica_poll_memory_misses_total",
    "Polls the memory could not answer (unknown, changed or evicted), so PostgreSQL was asked, by kind.",
    "counter",
    () => byKind(pollMemory?.misses),
  ) as never,
);

registry.registerMetric(
  requestMetric(
    "clubnica_poll_memory_evictions_total",
    "Entries the poll memory forgot because it was full (POLL_MEMORY_ENTRIES).",
    "counter",
    () => [{ labels: {}, value: pollMemory?.evictions() ?? 0 }],
  ) as never,
);

registry.registerMetric(
  requestMetric(
    "clubnica_poll_memory_resets_total",
    "Times the poll memory was emptied because the LISTEN connection (re)subscribed.",
    "counter",
    () => [{ labels: {}, value: pollMemory?.resets ?? 0 }],
  ) as never,
);

new Gauge({
  name: "clubnica_poll_memory_entries",
  help: "Versions and remembered answers the poll memory holds.",
  registers: [registry],
  collect() {
    this.set(pollMemory?.entries() ?? 0);
  },
});

new Gauge({
  name: "clubnica_poll_memory_body_bytes",
  help: "Bytes of remembered answers (compressed feed pages) the poll memory holds, bounded at 8 MB.",
  registers: [registry],
  collect() {
    this.set(pollMemory?.bodyBytes() ?? 0);
  },
});

const notifyLag = new Histogram({
  name: "clubnica_change_notify_lag_seconds",
  help: "From the statement that changed data to this process hearing its NOTIFY (clocks of two machines).",
  buckets: [0.001, 0.0025, 0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1],
  registers: [registry],
});

/** The poll memory whose figures /metrics reports (the server's; the last one set wins). */
export function setPollMemorySource(stats: PollMemoryStats | null): void {
  pollMemory = stats;
}

export function recordNotifyLag(seconds: number): void {
  notifyLag.observe(seconds);
}

export function recordRequest(options: { method: string; route: string; status: number; seconds: number }) {
  const { method, route, status, seconds } = options;
  const key = `${method} ${status} ${route}`;
  let series = requestSeries.get(key);
  if (!series) {
    series = {
      labels: { method, route, status: String(status) },
      count: 0,
      sum: 0,
      buckets: new Float64Array(BUCKETS.length),
    };
    requestSeries.set(key, series);
  }
  series.count += 1;
  series.sum += seconds;
  for (let i = 0; i < BUCKETS.length; i++) {
    if (seconds <= (BUCKETS[i] as number)) {
      series.buckets[i] = (series.buckets[i] ?? 0) + 1;
      break;
    }
  }
  if (status === 304 && route.startsWith("/api/")) notModified.inc({ route });
}

export function recordMailSent(): void {
  mailSent.inc();
}

export function recordMailFailed(): void {
  mailFailed.inc();
}

export function recordPasswordCheck(): void {
  passwordChecks.inc();
}

export function recordPasswordHashBusy(): void {
  passwordHashBusy.inc();
}

/** Every limiter calls this when it refuses a request: `limiter` names it (login, email_code, ...). */
export function recordRateLimitRefusal(limiter: string): void {
  rateLimited.inc({ limiter });
}

export const metricsContentType = registry.contentType;

export async function renderMetrics(): Promise<string> {
  return await registry.metrics();
}
