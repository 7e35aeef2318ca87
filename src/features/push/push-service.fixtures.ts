import { mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";

/** One POST the test push service received. */
export type ReceivedPush = { path: string; headers: Headers; body: Buffer };

async function openssl(dir: string, args: string[]) {
  const child = Bun.spawn(["openssl", ...args], { cwd: dir, stdout: "ignore", stderr: "pipe" });
  if ((await child.exited) !== 0)
    throw new Error(`openssl ${args[0]}: ${await new Response(child.stderr).text()}`);
}

/**
 * A certificate authority made at test time with openssl, and a server certificate it signed
 * for 127.0.0.1 and localhost: the push service below is verified like any other TLS peer.
 */
export async function makeTestCa(): Promise<{ ca: string; caFile: string; cert: string; key: string }> {
  const dir = mkdtempSync(join(tmpdir(), "push-ca-"));
  try {
    await openssl(dir, ["ecparam", "-name", "prime256v1", "-genkey", "-noout", "-out", "ca.key"]);
    await openssl(dir, [
      "req",
      "-x509",
      "-new",
      "-key",
      "ca.key",
      "-days",
      "2",
      "-subj",
      "/CN=Push Test CA",
      "-out",
      "ca.pem",
    ]);
    await openssl(dir, ["ecparam", "-name", "prime256v1", "-genkey", "-noout", "-out", "server.key"]);
    await openssl(dir, ["req", "-new", "-key", "server.key", "-subj", "/CN=127.0.0.1", "-out", "server.csr"]);
    await Bun.write(join(dir, "ext.cnf"), "subjectAltName=IP:127.0.0.1,DNS:localhost\n");
    await openssl(dir, [
      "x509",
      "-req",
      "-in",
      "server.csr",
      "-CA",
      "ca.pem",
      "-CAkey",
      "ca.key",
      "-CAcreateserial",
      "-days",
      "2",
      "-extfile",
      "ext.cnf",
      "-out",
      "server.pem",
    ]);
    const read = (name: string) => readFileSync(join(dir, name), "utf8");
    // Kept for the test's process (PUSH_CA_FILE names it); tmpdir is emptied by the system.
    const caFile = join(mkdtempSync(join(tmpdir(), "push-ca-file-")), "ca.pem");
    writeFileSync(caFile, read("ca.pem"));
    return { ca: read("ca.pem"), caFile, cert: read("server.pem"), key: read("server.key") };
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

/**
 * A local HTTPS push service (RFC 8030's receiving side): records every POST and answers 201,
 * or the status set for a path with `answer(path, status)`. `next()` waits for the next push.
 * `delayMs` holds each answer that long (a push service across the internet), so a test can
 * kill a sender while pushes are in flight.
 */
export async function startPushService(tls: { cert: string; key: string }, { delayMs = 0 } = {}) {
  const received: ReceivedPush[] = [];
  const statuses = new Map<string, number>();
  let waiters: (() => void)[] = [];
  const server = Bun.serve({
    hostname: "127.0.0.1",
    port: 0,
    tls,
    async fetch(request) {
      const path = new URL(request.url).pathname;
      received.push({ path, headers: request.headers, body: Buffer.from(await request.arrayBuffer()) });
      const wake = waiters;
      waiters = [];
      for (const w of wake) w();
      if (delayMs > 0) await Bun.sleep(delayMs);
      return new Response(null, { status: statuses.get(path) ?? 201 });
    },
  });
  let seen = 0;
  return {
    origin: `https://127.0.0.1:${server.port}`,
    received,
    answer: (path: string, status: number) => statuses.set(path, status),
    /**
     * The next push not yet taken by next() (waits for it to arrive, up to `timeoutMs`). The
     * ceiling is half the tests' 60 s, like the other test-side waits: a passing run ends it as
     * soon as the push comes, and a CI run at its busiest (browsers, two test processes and their
     * databases on 2 cores) once went past 10 s before the push worker's first poll delivered.
     */
    async next(timeoutMs = 30_000): Promise<ReceivedPush> {
      const deadline = Date.now() + timeoutMs;
      while (received.length <= seen) {
        const left = deadline - Date.now();
        if (left <= 0) throw new Error("no push arrived in time");
        await new Promise<void>((resolve) => {
          waiters.push(resolve);
          setTimeout(resolve, left);
        });
      }
      seen += 1;
      return received[seen - 1]!;
    },
    stop: () => server.stop(true),
  };
}

export type PushService = Awaited<ReturnType<typeof startPushService>>;
