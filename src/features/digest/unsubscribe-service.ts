import { maskEmail } from "../../../common/mask-email";
import { m } from "../../../common/messages";
import type { Executor } from "../../lib/database/client";
import { NotFound } from "../../lib/errors";
import { recordAccountLocale } from "../../platform/locale/request-locale";
import { getNotificationSettings, updateNotificationSettings } from "../notification-settings";
import { findTokenOwner } from "./queries";

/** The token's owner; the page speaks their saved language unless the visitor chose one. Unknown: 404. */
async function ownerOf(db: Executor, token: string) {
  const owner = await findTokenOwner(db, token);
  if (!owner) throw new NotFound(m.digest.tokenNotFound);
  recordAccountLocale(owner.locale);
  return owner;
}

/**
 * What the confirmation page shows (GET): changes nothing, since mail scanners open links. The
 * address is partly masked: a forwarded digest must not hand it to whoever opens the link.
 */
export async function findUnsubscribeState({ db, token }: { db: Executor; token: string }) {
  const owner = await ownerOf(db, token);
  const { digest } = await getNotificationSettings({ db, userId: owner.id });
  return { email: owner.email ? maskEmail(owner.email) : "", subscribed: digest };
}

/** One-click unsubscribe (POST): sets the same `digest` setting the settings call does. Idempotent. */
export async function unsubscribeDigest({ db, token }: { db: Executor; token: string }) {
  const owner = await ownerOf(db, token);
  await updateNotificationSettings({ db, userId: owner.id, changes: { digest: false } });
}
