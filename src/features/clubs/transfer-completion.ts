import { m } from "../../../common/messages";
import type { Database } from "../../lib/database/client";
import { Conflict, NotFound } from "../../lib/errors";
import type { SessionUser } from "../../lib/session-token";
import { recordAudit } from "../../platform/audit/service";
import { type NoticeWriter, notifyUsers } from "../notices";
import { deleteOfficerRow, selectIsClubMember } from "./officer-queries";
import {
  dropMembership,
  handMembershipTo,
  insertOfficerRow,
  lockClubOwner,
  selectOpenTransfer,
  selectTransfersAwaitingRequest,
  selectUserRole,
  setClubOwner,
  setTransferStatus,
  type TransferRow,
} from "./transfer-queries";

/** The steps a club_transfer notice names (kept in the notice's `role` field). */
export type TransferStep =
  | "offered"
  | "awaiting_approval"
  | "declined"
  | "cancelled"
  | "completed"
  | "refused"
  | "reassigned";

/**
 * Moves owner_id to the new owner and nothing else about the club: the new owner's membership
 * becomes the old owner's (or ends, when the old owner chose to leave or is gone), the old owner
 * keeps the officer rights chosen at offer time, and both are told. Refused (409) when the club
 * changed hands meanwhile or the new owner is no longer a member.
 */
export async function completeTransfer(out: NoticeWriter, row: TransferRow, actorId: number | null) {
  const tx = out.db;
  const club = await lockClubOwner(tx, row.clubId);
  if (!club) throw new NotFound(m.clubs.notFound);
  if (club.ownerId !== row.fromUserId) throw new Conflict(m.handover.ownerChanged);
  if (!(await selectIsClubMember(tx, row.clubId, row.toUserId))) throw new Conflict(m.handover.notMember);
  await deleteOfficerRow(tx, row.clubId, row.toUserId);
  const previous = row.fromUserId;
  const previousStays =
    previous !== null && !row.previousOwnerLeaves && !(await selectIsClubMember(tx, row.clubId, previous));
  if (previous !== null && previousStays) {
    await handMembershipTo(tx, row.clubId, row.toUserId, previous);
    if (row.previousOwnerPermissions.length > 0) {
      await insertOfficerRow(tx, {
        clubId: row.clubId,
        userId: previous,
        title: row.previousOwnerTitle ?? m.handover.formerOwnerTitle,
        permissions: row.previousOwnerPermissions,
      });
    }
  } else {
    await dropMembership(tx, row.clubId, row.toUserId);
  }
  await setClubOwner(tx, row.clubId, row.toUserId);
  await setTransferStatus(tx, row.id, "completed");
  const done = { ...row, status: "completed" as const };
  await notifyUsers(out, [row.toUserId, ...(previous === null ? [] : [previous])], {
    kind: "club_transfer",
    clubId: row.clubId,
    actorId,
    role: "completed",
  });
  await recordAudit({
    db: tx,
    actorId,
    action: "club.transfer_complete",
    targetType: "club",
    targetId: row.clubId,
    details: { transfer_id: row.id, from_user_id: previous, to_user_id: row.toUserId },
  });
  return done;
}

/**
 * Called in the admin's decision on an owner request: approval completes the handovers that
 * waited for it (one that can no longer complete is cancelled); a denial refuses them.
 */
export async function settleTransfersOnOwnerDecision(
  out: NoticeWriter,
  decision: { userId: number; approved: boolean; adminId: number },
) {
  const tx = out.db;
  const waiting = await selectTransfersAwaitingRequest(tx, decision.userId);
  for (const row of waiting) {
    if (decision.approved) {
      const club = await lockClubOwner(tx, row.clubId);
      const stillMember = await selectIsClubMember(tx, row.clubId, row.toUserId);
      if (club && club.ownerId === row.fromUserId && stillMember) {
        await completeTransfer(out, row, decision.adminId);
        continue;
      }
    }
    const status = decision.approved ? "cancelled" : "refused";
    await setTransferStatus(tx, row.id, status);
    await notifyUsers(out, [row.toUserId, ...(row.fromUserId === null ? [] : [row.fromUserId])], {
      kind: "club_transfer",
      clubId: row.clubId,
      actorId: null,
      role: status,
    });
    await recordAudit({
      db: tx,
      actorId: decision.adminId,
      action: decision.approved ? "club.transfer_cancel" : "club.transfer_refuse",
      targetType: "club",
      targetId: row.clubId,
      details: { transfer_id: row.id, from_user_id: row.fromUserId, to_user_id: row.toUserId },
    });
  }
}

/**
 * An admin gives a club whose owner is banned or gone to an owner or admin account. A club
 * whose owner is active is handed over by its owner instead (409). Any open handover ends.
 */
export async function reassignClubOwner({
  db,
  jobs,
  admin,
  clubId,
  userId,
}: {
  db: Database;
  jobs: NoticeWriter["jobs"];
  admin: SessionUser;
  clubId: number;
  userId: number;
}) {
  return await db.transaction(async (tx) => {
    const club = await lockClubOwner(tx, clubId);
    if (!club) throw new NotFound(m.clubs.notFound);
    if (club.ownerId !== null) {
      const current = await selectUserRole(tx, club.ownerId);
      if (current && !current.banned && current.role !== "member") throw new Conflict(m.handover.ownerActive);
    }
    const next = await selectUserRole(tx, userId);
    if (!next) throw new NotFound(m.handover.userNotFound);
    if (next.banned) throw new Conflict(m.handover.newOwnerBanned);
    if (next.role === "member") throw new Conflict(m.handover.newOwnerNotOwner);
    const open = await selectOpenTransfer(tx, clubId, true);
    if (open) await setTransferStatus(tx, open.id, "cancelled");
    await deleteOfficerRow(tx, clubId, userId);
    await dropMembership(tx, clubId, userId);
    await setClubOwner(tx, clubId, userId);
    await notifyUsers({ db: tx, jobs }, [userId], {
      kind: "club_transfer",
      clubId,
      actorId: null,
      role: "reassigned",
    });
    await recordAudit({
      db: tx,
      actorId: admin.id,
      action: "club.owner_reassign",
      targetType: "club",
      targetId: clubId,
      details: { from_user_id: club.ownerId, to_user_id: userId },
    });
    return { ok: true as const, club_id: clubId, owner_id: userId };
  });
}
