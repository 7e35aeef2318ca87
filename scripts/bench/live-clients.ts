/**
 * The sockets of scripts/bench/live.ts, in a process of their own so that parsing tens of
 * thousands of frames a second does not run on the app's event loop. Driven over Bun's IPC:
 *   ← {type:"connect", url, sockets:[{token, conversation}]}  sign in and follow, then
 *   → {type:"connected", ms, failed}
 *   ← {type:"report"}   → {type:"report", lags, sentAts, delivered, frames, closed}
 *   ← {type:"close"}    closes every socket and exits.
 * A message's content is `bench <epoch ms at the send's start>`, so send-to-receive is read from
 * the frame itself: both processes read the same clock.
 */
export {};

type Assignment = { token: string; conversation: string };
type Command =
  | { type: "connect"; url: string; sockets: Assignment[] }
  | { type: "report" }
  | { type: "close" };

/** Sockets opening at once: enough to be quick, few enough not to stall the app's accept queue. */
const OPENING_AT_ONCE = 250;

const sockets: WebSocket[] = [];
let lags: number[] = [];
/** Each lag's send time (epoch ms), in the same order: live.ts sets the warm-up apart. */
let sentAts: number[] = [];
let delivered = 0;
let closed = 0;
const frames: Record<string, number> = {};

const nowMs = () => performance.timeOrigin + performance.now();

function open(url: string, { token, conversation }: Assignment): Promise<boolean> {
  return new Promise((resolve) => {
    const ws = new WebSocket(url);
    let settled = false;
    const settle = (ok: boolean) => {
      if (settled) return;
      settled = true;
      resolve(ok);
    };
    ws.onopen = () => ws.send(JSON.stringify({ type: "auth", token }));
    ws.onmessage = (event) => {
      const frame = JSON.parse(String(event.data)) as {
        type: string;
        message?: { content: string };
      };
      frames[frame.type] = (frames[frame.type] ?? 0) + 1;
      if (frame.type === "message") {
        delivered += 1;
        const sentAt = Number(frame.message!.content.slice(6));
        if (Number.isFinite(sentAt)) {
          lags.push(nowMs() - sentAt);
          sentAts.push(sentAt);
        }
      } else if (frame.type === "ready") {
        ws.send(JSON.stringify({ type: "subscribe", conversation }));
      } else if (frame.type === "subscribed") settle(true);
      else if (frame.type === "error") settle(false);
    };
    ws.onclose = () => {
      if (settled) closed += 1;
      settle(false);
    };
    sockets.push(ws);
  });
}

async function connect(url: string, assignments: Assignment[]) {
  const started = performance.now();
  let failed = 0;
  for (let start = 0; start < assignments.length; start += OPENING_AT_ONCE) {
    const results = await Promise.all(
      assignments.slice(start, start + OPENING_AT_ONCE).map((a) => open(url, a)),
    );
    failed += results.filter((ok) => !ok).length;
  }
  // Frames seen while connecting (the numbers, the subscriptions) are not the load's.
  lags = [];
  sentAts = [];
  delivered = 0;
  process.send?.({ type: "connected", ms: performance.now() - started, failed });
}

process.on("message", (command: Command) => {
  if (command.type === "connect") void connect(command.url, command.sockets);
  else if (command.type === "report") {
    process.send?.({ type: "report", lags, sentAts, delivered, frames, closed });
  } else {
    for (const ws of sockets) ws.close();
    setTimeout(() => process.exit(0), 500);
  }
});
