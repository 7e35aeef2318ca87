import { formatDateTime } from "../../../common/datetime";
import { format, m } from "../../../common/messages";
import type { AppDeps } from "../../deps";
import { NotFound } from "../../lib/errors";
import type { SessionUser } from "../../lib/session-token";
import { recordAudit } from "../../platform/audit/service";
import { issueResetCodeForAdmin } from "../email-codes";
import { lockAccount } from "./queries";

/**
 * An admin gives a student with no working e-mail a one-time password-reset code. The code is
 * returned once (to be shown once) and stored only as a keyed hash; the audit log records who
 * issued it for whom and until when, never the code.
 */
export async function issueAdminResetCode({
  deps,
  admin,
  userId,
}: {
  deps: Pick<AppDeps, "db" | "jwtSecret">;
  admin: SessionUser;
  userId: number;
}) {
  const { code, expiresAt } = await deps.db.transaction(async (tx) => {
    if (!(await lockAccount(tx, userId))) throw new NotFound(m.safety.userNotFound);
    const issued = await issueResetCodeForAdmin({ db: tx, secret: deps.jwtSecret, userId });
    await recordAudit({
      db: tx,
      actorId: admin.id,
      action: "user.reset_code",
      targetType: "user",
      targetId: userId,
      details: { expires_at: issued.expiresAt.toISOString() },
    });
    return issued;
  });
  return {
    code,
    expires_at: expiresAt.toISOString(),
    detail: format(m.safety.resetCodeIssued, { until: formatDateTime(expiresAt) }),
  };
}
