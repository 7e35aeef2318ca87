/**
 * The local HTTPS push service for scripts/bench/push-fanout.ts, in its own process (a real
 * push service is another machine; sharing the app's event loop would bill its work to the
 * API). Reads {cert, key, expected} as JSON on stdin; prints "port <n>", then "done <count>"
 * once `expected` pushes have arrived. Answers 201 to every POST, as FCM and Mozilla do.
 */
const input = JSON.parse(await new Response(Bun.stdin.stream()).text()) as {
  cert: string;
  key: string;
  expected: number;
};
let count = 0;
const server = Bun.serve({
  hostname: "127.0.0.1",
  port: 0,
  tls: { cert: input.cert, key: input.key },
  async fetch(request) {
    await request.arrayBuffer();
    count += 1;
    if (count === input.expected) console.log(`done ${count}`);
    return new Response(null, { status: 201 });
  },
});
console.log(`port ${server.port}`);

export {};
