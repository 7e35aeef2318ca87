import PostalMime from "postal-mime";
import { SMTPServer } from "smtp-server";

export type CapturedMail = {
  to: string[];
  from: string;
  subject: string;
  text: string;
  html: string;
  /** Header lines as delivered, names in lower case (a repeated header keeps its last value). */
  headers: Record<string, string>;
};

/**
 * A real SMTP server in this process: the app sends to it through SMTP_URL, and tests read the
 * mail exactly as it was delivered.
 */
export async function startMailCapture(
  options: {
    port?: number;
    delayMs?: number;
    /**
     * A mail for which this returns true is neither answered nor kept: the server hangs before
     * its 250, as one does when the sender is killed mid-send (the test kills it). It is listed
     * in `held`.
     */
    hold?: (mail: CapturedMail) => boolean;
  } = {},
) {
  const messages: CapturedMail[] = [];
  const held: CapturedMail[] = [];
  const waiters: (() => void)[] = [];
  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ["STARTTLS"],
    onAuth: (_auth, _session, callback) => callback(null, { user: "test" }),
    onData(stream, _session, callback) {
      const chunks: Buffer[] = [];
      stream.on("data", (chunk: Buffer) => chunks.push(chunk));
      stream.on("end", () => {
        PostalMime.parse(Buffer.concat(chunks))
          .then((mail) => {
            const captured: CapturedMail = {
              to: (mail.to ?? []).map((a) => ("address" in a ? (a.address ?? "") : "")),
              from: mail.from && "address" in mail.from ? (mail.from.address ?? "") : "",
              subject: mail.subject ?? "",
              text: mail.text ?? "",
              html: mail.html ?? "",
              headers: Object.fromEntries(mail.headers.map((h) => [h.key, h.value])),
            };
            if (options.hold?.(captured)) {
              held.push(captured);
              return;
            }
            messages.push(captured);
            for (const wake of waiters.splice(0)) wake();
            // A slow mail server (tests that stop a process while it is sending) answers late.
            if (options.delayMs) setTimeout(callback, options.delayMs);
            else callback();
          })
          .catch((error: Error) => callback(error));
      });
    },
  });
  // A sender killed mid-send resets its connection: that is the test's doing, not a failure.
  server.on("error", () => {});
  await new Promise<void>((resolve) => server.listen(options.port ?? 0, "127.0.0.1", resolve));
  const address = server.server.address();
  const port = typeof address === "object" && address ? address.port : 0;

  async function waitFor(predicate: (mail: CapturedMail) => boolean, timeoutMs = 30_000) {
    const deadline = Date.now() + timeoutMs;
    for (;;) {
      const found = messages.find(predicate);
      if (found) return found;
      const left = deadline - Date.now();
      if (left <= 0) throw new Error("No matching mail arrived in time");
      await new Promise<void>((resolve) => {
        waiters.push(resolve);
        setTimeout(resolve, Math.min(left, 200));
      });
    }
  }

  return {
    url: `smtp://test:test@127.0.0.1:${port}`,
    port,
    messages,
    held,
    waitFor,
    /** The last mail sent to an address. */
    lastTo: (address: string) => [...messages].reverse().find((m) => m.to.includes(address)),
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

export type MailCapture = Awaited<ReturnType<typeof startMailCapture>>;
