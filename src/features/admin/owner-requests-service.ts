import { m } from "../../../common/messages";
import type { AppDeps } from "../../deps";
import { Conflict, NotFound } from "../../lib/errors";
import { recordAudit } from "../../platform/audit/service";
import { settleTransfersOnOwnerDecision } from "../clubs";
import { notifyUsers } from "../notices";
import { ownerDecisionMail } from "./emails";
import {
  decideOwnerRequest,
  findOwnerRequestForUpdate,
  listPendingOwnerRequests,
} from "./owner-request-queries";
import { setRole } from "./user-queries";

type Deps = Pick<AppDeps, "db" | "mailer" | "logger" | "jobs">;

export async function listOwnerRequests({ db }: { db: Deps["db"] }) {
  const rows = await listPendingOwnerRequests(db);
  return rows.map((r) => ({
    id: r.id,
    user_id: r.userId,
    username: r.username,
    first_name: r.firstName,
    last_name: r.lastName,
    role: r.role,
    requested_role: "owner" as const,
    created_at: r.createdAt.toISOString(),
  }));
}

/**
 * Approves (member becomes owner) or denies (stays member) a pending owner request, audited in
 * the same transaction. The user is told by e-mail after the commit; a failed send is logged
 * and reported as email_sent: false, and the decision stands.
 */
export async function decideRequest({
  deps,
  adminId,
  requestId,
  approve,
}: {
  deps: Deps;
  adminId: number;
  requestId: number;
  approve: boolean;
}) {
  const decided = await deps.db.transaction(async (tx) => {
    const request = await findOwnerRequestForUpdate(tx, requestId);
    if (!request) throw new NotFound(m.admin.requestNotFound);
    if (request.status !== "pending") throw new Conflict(m.admin.requestDecided);
    const status = approve ? ("approved" as const) : ("denied" as const);
    await decideOwnerRequest(tx, { id: requestId, status, adminId });
    // An admin who once asked to be an owner keeps the admin role.
    const role = approve && request.role === "member" ? ("owner" as const) : request.role;
    if (role !== request.role) await setRole(tx, request.userId, role);
    // Moderation notices have no actor: blocking the admin never hides a decision.
    await notifyUsers({ db: tx, jobs: deps.jobs }, [request.userId], {
      kind: approve ? "owner_approved" : "owner_denied",
    });
    // A handover accepted by a member account waited for this decision (issue 49).
    await settleTransfersOnOwnerDecision(
      { db: tx, jobs: deps.jobs },
      { userId: request.userId, approved: approve, adminId },
    );
    await recordAudit({
      db: tx,
      actorId: adminId,
      action: approve ? "owner_request.approve" : "owner_request.deny",
      targetType: "owner_request",
      targetId: requestId,
      details: { user_id: request.userId, username: request.username },
    });
    return { ...request, status, role };
  });
  let emailSent = false;
  if (decided.email) {
    try {
      await deps.mailer.send({
        to: decided.email,
        ...ownerDecisionMail({ user: decided, approved: approve }),
      });
      emailSent = true;
    } catch (error) {
      deps.logger.warn({ err: error, owner_request_id: requestId }, "owner decision mail could not be sent");
    }
  }
  return {
    id: decided.id,
    user_id: decided.userId,
    status: decided.status,
    role: decided.role,
    email_sent: emailSent,
  };
}
