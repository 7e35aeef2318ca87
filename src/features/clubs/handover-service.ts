import type { ClubPermission, TransferBody, TransferJson } from "../../../common/api/club-officers";
import { m } from "../../../common/messages";
import type { Database, Executor } from "../../lib/database/client";
import { Conflict, Forbidden, NotFound } from "../../lib/errors";
import type { SessionUser } from "../../lib/session-token";
import { type AuditAction, recordAudit } from "../../platform/audit/service";
import { type NoticeWriter, notifyUsers } from "../notices";
import { reportScreenedText, screenTexts } from "../watched-words";
import { canEditClub, findClubAccess } from "./access";
import { selectIsClubMember } from "./officer-queries";
import { completeTransfer, type TransferStep } from "./transfer-completion";
import {
  ensurePendingOwnerRequest,
  insertTransfer,
  selectOpenTransfer,
  setTransferStatus,
  type TransferRow,
} from "./transfer-queries";

function toTransferJson(row: TransferRow): TransferJson {
  return {
    id: row.id,
    club_id: row.clubId,
    from_user_id: row.fromUserId,
    to_user_id: row.toUserId,
    status: row.status,
    previous_owner_title: row.previousOwnerTitle,
    previous_owner_permissions: row.previousOwnerPermissions as ClubPermission[],
    previous_owner_leaves: row.previousOwnerLeaves,
    owner_request_id: row.ownerRequestId,
    created_at: row.createdAt.toISOString(),
  };
}

/**
 * A handover step: the notice to the person it concerns and the audit line, in the step's
 * transaction. One notice kind (club_transfer) carries the step in its `role` field, so the
 * settings screen has one switch for handovers rather than six.
 */
async function recordStep(
  out: NoticeWriter,
  step: {
    transfer: TransferRow;
    actorId: number | null;
    notify: number[];
    kind: TransferStep;
    action: AuditAction;
  },
) {
  const recipients = step.notify.filter((id): id is number => typeof id === "number");
  await notifyUsers(out, recipients, {
    kind: "club_transfer",
    clubId: step.transfer.clubId,
    actorId: step.actorId,
    role: step.kind,
  });
  await recordAudit({
    db: out.db,
    actorId: step.actorId,
    action: step.action,
    targetType: "club",
    targetId: step.transfer.clubId,
    details: {
      transfer_id: step.transfer.id,
      from_user_id: step.transfer.fromUserId,
      to_user_id: step.transfer.toUserId,
    },
  });
}

type StepOptions = { db: Database; jobs: NoticeWriter["jobs"]; user: SessionUser; clubId: number };

/** The owner (while an owner) or an admin offers the club to one of its members. */
export async function offerTransfer({
  db,
  jobs,
  user,
  clubId,
  input,
}: {
  db: Database;
  jobs: NoticeWriter["jobs"];
  user: SessionUser;
  clubId: number;
  input: TransferBody;
}): Promise<TransferJson> {
  const club = await findClubAccess(db, clubId);
  if (!club) throw new NotFound(m.clubs.notFound);
  if (!canEditClub(user, club)) throw new Forbidden(m.handover.offerForbidden);
  if (input.to_user_id === club.ownerId) throw new Conflict(m.handover.alreadyOwner);
  if (!(await selectIsClubMember(db, clubId, input.to_user_id))) throw new Conflict(m.handover.notMember);
  // The old owner's title shows on the Directiva once the club is handed over: screened as an
  // officer's title is (a blocked word 422, a flagged one reported with the club).
  const screened = await screenTexts({
    db,
    kind: "club",
    authorId: user.id,
    texts: [input.previous_owner_title],
  });
  return await db.transaction(async (tx) => {
    const row = await insertTransfer(tx, {
      clubId,
      fromUserId: club.ownerId,
      toUserId: input.to_user_id,
      offeredBy: user.id,
      previousOwnerTitle: screened.texts[0] ?? null,
      previousOwnerPermissions: input.previous_owner_permissions ?? [],
      previousOwnerLeaves: input.previous_owner_leaves ?? false,
    });
    if (!row) throw new Conflict(m.handover.alreadyOpen);
    await reportScreenedText({ db: tx, screened, targetType: "club", targetId: clubId, authorId: user.id });
    await recordStep(
      { db: tx, jobs },
      {
        transfer: row,
        actorId: user.id,
        notify: [row.toUserId],
        kind: "offered",
        action: "club.transfer_offer",
      },
    );
    return toTransferJson(row);
  });
}

/** The club's open handover: for its owner, admins and the person it is offered to. */
export async function getOpenTransfer({
  db,
  user,
  clubId,
}: {
  db: Database;
  user: SessionUser;
  clubId: number;
}) {
  const club = await findClubAccess(db, clubId);
  if (!club) throw new NotFound(m.clubs.notFound);
  const row = await selectOpenTransfer(db, clubId);
  if (!row) throw new NotFound(m.handover.noOpen);
  if (!canEditClub(user, club) && row.toUserId !== user.id && row.fromUserId !== user.id)
    throw new NotFound(m.handover.noOpen);
  return toTransferJson(row);
}

async function lockOfferTo(tx: Executor, user: SessionUser, clubId: number) {
  const row = await selectOpenTransfer(tx, clubId, true);
  if (!row || row.toUserId !== user.id) throw new NotFound(m.handover.noOffer);
  if (row.status !== "offered") throw new Conflict(m.handover.alreadyAnswered);
  return row;
}

/**
 * The person accepts. An owner or admin account takes the club at once; a member account files
 * the spec's owner request, and the handover completes when an admin approves it.
 */
export async function acceptTransfer({ db, jobs, user, clubId }: StepOptions) {
  return await db.transaction(async (tx) => {
    const row = await lockOfferTo(tx, user, clubId);
    if (!(await selectIsClubMember(tx, clubId, user.id))) throw new Conflict(m.handover.notMember);
    if (user.role === "member") {
      const requestId = await ensurePendingOwnerRequest(tx, user.id);
      await setTransferStatus(tx, row.id, "awaiting_approval", requestId);
      const updated = { ...row, status: "awaiting_approval" as const, ownerRequestId: requestId };
      await recordStep(
        { db: tx, jobs },
        {
          transfer: updated,
          actorId: user.id,
          notify: row.fromUserId === null ? [] : [row.fromUserId],
          kind: "awaiting_approval",
          action: "club.transfer_accept",
        },
      );
      return toTransferJson(updated);
    }
    const completed = await completeTransfer({ db: tx, jobs }, row, user.id);
    return toTransferJson(completed);
  });
}

export async function declineTransfer({ db, jobs, user, clubId }: StepOptions) {
  return await db.transaction(async (tx) => {
    const row = await lockOfferTo(tx, user, clubId);
    await setTransferStatus(tx, row.id, "declined");
    const updated = { ...row, status: "declined" as const };
    await recordStep(
      { db: tx, jobs },
      {
        transfer: updated,
        actorId: user.id,
        notify: row.fromUserId === null ? [] : [row.fromUserId],
        kind: "declined",
        action: "club.transfer_decline",
      },
    );
    return toTransferJson(updated);
  });
}

/** The owner (or an admin) withdraws an offer not yet completed. */
export async function cancelTransfer({ db, jobs, user, clubId }: StepOptions) {
  const club = await findClubAccess(db, clubId);
  if (!club) throw new NotFound(m.clubs.notFound);
  if (!canEditClub(user, club)) throw new Forbidden(m.handover.offerForbidden);
  return await db.transaction(async (tx) => {
    const row = await selectOpenTransfer(tx, clubId, true);
    if (!row) throw new NotFound(m.handover.noOpen);
    await setTransferStatus(tx, row.id, "cancelled");
    const updated = { ...row, status: "cancelled" as const };
    await recordStep(
      { db: tx, jobs },
      {
        transfer: updated,
        actorId: user.id,
        notify: [row.toUserId],
        kind: "cancelled",
        action: "club.transfer_cancel",
      },
    );
    return toTransferJson(updated);
  });
}
