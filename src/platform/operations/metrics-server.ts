import { metricsContentType, renderMetrics } from "../../lib/metrics";

export type MetricsServer = { url: string; stop: () => void };

/**
 * /metrics on its own port (METRICS_PORT). The Service and the Ingress only route the public
 * port, so this one is reachable inside the cluster (Prometheus) and never from the internet.
 */
export function startMetricsServer(options: { port: number; hostname: string }): MetricsServer {
  const server = Bun.serve({
    port: options.port,
    hostname: options.hostname,
    fetch: async (request) => {
      const { pathname } = new URL(request.url);
      if (request.method !== "GET" || pathname !== "/metrics") {
        return Response.json({ detail: "Not found." }, { status: 404 });
      }
      return new Response(await renderMetrics(), { headers: { "content-type": metricsContentType } });
    },
  });
  const host = options.hostname === "0.0.0.0" ? "127.0.0.1" : options.hostname;
  return { url: `http://${host}:${server.port}`, stop: () => server.stop(true) };
}
