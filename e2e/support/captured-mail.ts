import { stackState } from "./state";

/** The e-mails the stack's mail catcher received (e2e/support/stack.ts), by recipient. */
export type CapturedMail = { to: string[]; subject: string; text: string; html: string };

export const mail = {
  async list(to: string): Promise<CapturedMail[]> {
    const res = await fetch(`${stackState().mailURL}/mail?to=${encodeURIComponent(to)}`);
    return (await res.json()) as CapturedMail[];
  },
  /** Waits for the n-th mail to an address (1-based) and returns it. */
  async waitFor(to: string, { count = 1, timeoutMs = 10_000 } = {}): Promise<CapturedMail> {
    const deadline = Date.now() + timeoutMs;
    for (;;) {
      const list = await mail.list(to);
      if (list.length >= count) return list[count - 1]!;
      if (Date.now() > deadline) throw new Error(`no mail #${count} to ${to}`);
      await new Promise((r) => setTimeout(r, 200));
    }
  },
  /** The 6-digit code in a mail. */
  code(message: CapturedMail): string {
    const match = /\b(\d{6})\b/.exec(message.text || message.html);
    if (!match?.[1]) throw new Error(`no code in mail: ${message.subject}`);
    return match[1];
  },
};
