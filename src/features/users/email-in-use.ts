import { format, m } from "../../../common/messages";
import type { AppDeps } from "../../deps";
import { renderMail } from "../../lib/mail-layout";
import { takeMailTo } from "../../platform/rate-limits/actions";
import { findVerifiedEmailHolder } from "./queries";

type Deps = Pick<AppDeps, "db" | "mailer" | "logger" | "config">;

// Started after the answer has gone, so neither the body nor the timing says whether the
// address belongs to someone; tests (and shutdown) can wait for them.
const pending = new Set<Promise<void>>();
const MAX_PENDING = 100;

export async function settleEmailInUseMails(): Promise<void> {
  while (pending.size > 0) await Promise.allSettled([...pending]);
}

async function sendIfVerifiedElsewhere(deps: Deps, email: string, username: string, userId: number) {
  const holder = await findVerifiedEmailHolder(deps.db, email, userId);
  if (!holder) return;
  if (!(await takeMailTo({ deps, address: email })).ok) return;
  const mail = renderMail({
    subject: m.privacy.emailInUseSubject,
    greetingName: holder.firstName || holder.username,
    username: holder.username,
    paragraphs: [format(m.privacy.emailInUseIntro, { username }), m.privacy.emailInUseIgnore],
  });
  await deps.mailer.send({ to: email, ...mail });
}

/**
 * A sign-up or profile that names another account's verified address is saved like any other
 * (unverified, so it blocks nobody) and answered the same; the address's owner is told by mail.
 */
export function tellOwnerOfAddress({
  deps,
  email,
  username,
  userId,
}: {
  deps: Deps;
  email: string;
  username: string;
  userId: number;
}): void {
  if (pending.size >= MAX_PENDING) return;
  const work = new Promise<void>((resolve) => setImmediate(resolve))
    .then(() => sendIfVerifiedElsewhere(deps, email, username, userId))
    .catch((error) => deps.logger.warn({ err: error }, "address-in-use mail could not be sent"))
    .finally(() => pending.delete(work));
  pending.add(work);
}
