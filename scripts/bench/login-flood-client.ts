/**
 * The attacker of scripts/bench/login-flood.ts, in a process of its own so that its 100 clients
 * do not slow the measuring client's event loop: 100 clients, each sending a log-in for a made-up
 * username, waiting for the answer and `pace` ms more, again and again, from one address (`one`)
 * or each from its own (`many`), for `duration` ms. Pace 0 hammers: then the figures measure
 * the cost of answering hundreds of requests a second on this machine more than hashing.
 * Prints the answers by status as JSON.
 *
 *   bun scripts/bench/login-flood-client.ts <base url> <one|many> <duration ms> <pace ms>
 */
import { callFrom } from "../../test/socket-client";

const [base = "", mode = "one", duration = "10000", pace = "1000"] = process.argv.slice(2);
const until = Date.now() + Number(duration);
const answers: Record<number, number> = {};
let n = 0;
await Promise.all(
  Array.from({ length: 100 }, async (_, i) => {
    const from = mode === "one" ? "127.0.0.2" : `127.0.1.${i + 1}`;
    while (Date.now() < until) {
      const res = await callFrom(base, "POST", "/login", {
        from,
        json: { username: `nobody_${i}_${n++}`, password: "guess-guess-1" },
      }).catch(() => ({ status: 0 }));
      answers[res.status] = (answers[res.status] ?? 0) + 1;
      if (Number(pace) > 0) await Bun.sleep(Number(pace));
    }
  }),
);
console.log(JSON.stringify(answers));
