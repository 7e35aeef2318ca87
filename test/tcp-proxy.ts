import type { Socket } from "bun";

/**
 * A TCP proxy on 127.0.0.1 in front of a server, whose connections a test can cut at once, as a
 * phone losing its network or a proxy dropping an idle socket does (both ends see the close).
 */
export function startTcpProxy(target: { hostname: string; port: number }, options: { count?: boolean } = {}) {
  // Bytes through the proxy, both ways (for a benchmark of what a connection costs on the wire).
  // Also the reads (each at least one TCP segment) and connections, to estimate the TCP/IP
  // headers that a byte count of the payload leaves out.
  let counted = 0;
  let reads = 0;
  let connections = 0;
  const count = (chunk: Uint8Array) => {
    if (!options.count) return;
    counted += chunk.byteLength;
    reads += 1;
  };
  const pairs = new Set<{
    client: Socket<unknown>;
    upstream: Socket<unknown> | null;
    pending: Uint8Array[];
  }>();
  const server = Bun.listen<{
    pair: { client: Socket<unknown>; upstream: Socket<unknown> | null; pending: Uint8Array[] };
  }>({
    hostname: "127.0.0.1",
    port: 0,
    socket: {
      open(client) {
        const pair = {
          client: client as Socket<unknown>,
          upstream: null as Socket<unknown> | null,
          pending: [] as Uint8Array[],
        };
        client.data = { pair };
        pairs.add(pair);
        if (options.count) connections += 1;
        void Bun.connect({
          hostname: target.hostname,
          port: target.port,
          socket: {
            open(upstream) {
              pair.upstream = upstream as Socket<unknown>;
              for (const chunk of pair.pending) upstream.write(chunk);
              pair.pending = [];
            },
            data(_upstream, chunk) {
              count(chunk);
              pair.client.write(chunk);
            },
            close() {
              pair.client.end();
              pairs.delete(pair);
            },
            error() {
              pair.client.end();
            },
          },
        }).catch(() => client.end());
      },
      data(client, chunk) {
        count(chunk);
        const { pair } = client.data;
        if (pair.upstream) pair.upstream.write(chunk);
        else pair.pending.push(new Uint8Array(chunk));
      },
      close(client) {
        client.data.pair.upstream?.end();
        pairs.delete(client.data.pair);
      },
    },
  });
  return {
    port: server.port,
    /** Bytes counted so far (with `count: true`), both ways. */
    bytes: () => counted,
    /** Reads counted (each chunk the proxy read, either way) and connections opened since the reset. */
    reads: () => reads,
    connections: () => connections,
    resetCount() {
      counted = 0;
      reads = 0;
      connections = 0;
    },
    /** Drops every connection through the proxy, both ends at once. */
    cut() {
      for (const pair of pairs) {
        pair.client.terminate();
        pair.upstream?.terminate();
      }
      pairs.clear();
    },
    stop() {
      this.cut();
      server.stop(true);
    },
  };
}
