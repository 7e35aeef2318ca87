import { randomBytes } from "node:crypto";
import type { z } from "zod";
import type { Role } from "../../../common/enums";
import { m } from "../../../common/messages";
import type { PasswordCost } from "../../config";
import type { Database } from "../../lib/database/client";
import { isUniqueViolation, VERIFIED_EMAIL_INDEX } from "../../lib/database/errors";
import { Conflict, Forbidden, Invalid, NotFound } from "../../lib/errors";
import { hashPassword } from "../../lib/passwords";
import { recordAudit } from "../../platform/audit/service";
import { insertUser } from "../auth";
import { settleTransfersOnOwnerDecision } from "../clubs";
import { type NoticeWriter, notifyUsers } from "../notices";
import { findVerifiedEmailHolder, restrictionJson } from "../users";
import type { createDummyBody } from "./schema";
import {
  approvePendingOwnerRequest,
  findUserForModeration,
  listUsers,
  lockAdmins,
  setBanUntil,
  setMuteUntil,
  setRole,
} from "./user-queries";

const iso = (d: Date | null) => (d ? d.toISOString() : null);

export async function searchUsers({
  db,
  search,
  limit,
  offset,
}: {
  db: Database;
  search?: string;
  limit: number;
  offset: number;
}) {
  const rows = await listUsers(db, { search, limit, offset });
  const now = new Date();
  return {
    total: rows[0]?.total ?? 0,
    users: rows.map((r) => ({
      id: r.id,
      username: r.username,
      role: r.role,
      first_name: r.firstName,
      last_name: r.lastName,
      email: r.email,
      email_verified: r.emailVerified,
      test_account: r.testAccount,
      ...restrictionJson(r, now),
      created_at: r.createdAt.toISOString(),
    })),
  };
}

/** 24 characters of base64url from 18 random bytes: 144 bits, typeable, no look-alike escaping. */
function generatePassword(): string {
  return randomBytes(18).toString("base64url");
}

/**
 * Creates a dummy (test) user. The plain password is returned once, here, and never stored:
 * when none is given a strong one is generated.
 */
export async function createDummyUser({
  db,
  adminId,
  input,
  cost,
}: {
  db: Database;
  adminId: number;
  input: z.output<typeof createDummyBody>;
  cost: PasswordCost;
}) {
  const plainPassword = input.password ?? generatePassword();
  const email = input.email ?? null;
  // Only a verified address is unique; an admin is told when another account verified it.
  if (email && input.email_verified && (await findVerifiedEmailHolder(db, email, null))) {
    throw new Conflict(m.accounts.emailTaken);
  }
  const passwordHash = await hashPassword(plainPassword, cost);
  try {
    const user = await db.transaction(async (tx) => {
      const created = await insertUser(tx, {
        username: input.username,
        passwordHash,
        role: input.role,
        firstName: input.first_name,
        lastName: input.last_name,
        email,
        // As given (default true, the spec's dummy default), even without an address: dummies skip the check.
        emailVerified: input.email_verified,
        testAccount: input.test_account,
      });
      if (!created) throw new Conflict(m.auth.usernameTaken);
      await recordAudit({
        db: tx,
        actorId: adminId,
        action: "user.create_dummy",
        targetType: "user",
        targetId: created.id,
        details: { username: created.username, role: created.role, test_account: input.test_account },
      });
      return created;
    });
    return { id: user.id, username: user.username, role: user.role, plain_password: plainPassword };
  } catch (error) {
    if (isUniqueViolation(error, VERIFIED_EMAIL_INDEX)) throw new Conflict(m.accounts.emailTaken);
    throw error;
  }
}

export type Duration = { days: number; hours: number; minutes: number };
const MAX_DURATION_MIN = 3650 * 24 * 60;

function untilFrom(duration: Duration): Date {
  const minutes = duration.days * 24 * 60 + duration.hours * 60 + duration.minutes;
  if (minutes <= 0) throw new Invalid(m.admin.durationRequired);
  if (minutes > MAX_DURATION_MIN) throw new Invalid(m.admin.durationTooLong);
  return new Date(Date.now() + minutes * 60_000);
}

/**
 * Bans (or mutes) a user for a duration, or lifts it. The time is stored, not a flag: it lifts
 * by itself when it passes, and the auth plugin re-reads it on every request, so existing
 * tokens obey at once. An admin cannot restrict themselves.
 */
export async function restrictUser({
  db,
  jobs,
  adminId,
  userId,
  kind,
  on,
  duration,
}: {
  db: Database;
  jobs: NoticeWriter["jobs"];
  adminId: number;
  userId: number;
  kind: "ban" | "mute";
  on: boolean;
  duration: Duration;
}) {
  if (userId === adminId)
    throw new Forbidden(kind === "ban" ? m.admin.cannotBanSelf : m.admin.cannotMuteSelf);
  const until = on ? untilFrom(duration) : null;
  return await db.transaction(async (tx) => {
    const target = await findUserForModeration(tx, userId);
    if (!target) throw new NotFound(m.admin.userNotFound);
    await (kind === "ban" ? setBanUntil : setMuteUntil)(tx, userId, until);
    await recordAudit({
      db: tx,
      actorId: adminId,
      action: on ? `user.${kind}` : kind === "ban" ? "user.unban" : "user.unmute",
      targetType: "user",
      targetId: userId,
      details: on ? { until: iso(until), ...duration } : {},
    });
    // The person hears of a mute, its lifting, or a ban (with its end). No actor: moderation
    // speaks for ClubNica, so blocking the admin never hides it.
    if (kind === "mute" || on) {
      await notifyUsers({ db: tx, jobs }, [userId], {
        kind: kind === "ban" ? "account_banned" : "account_muted",
        until,
      });
    }
    return { id: userId, until: iso(until) };
  });
}

/**
 * Changes a user's role. Never your own, and never the last admin's. Making someone an owner
 * also answers their pending owner request.
 */
export async function changeRole({
  db,
  jobs,
  adminId,
  userId,
  role,
}: {
  db: Database;
  jobs: NoticeWriter["jobs"];
  adminId: number;
  userId: number;
  role: Role;
}) {
  if (userId === adminId) throw new Forbidden(m.admin.cannotChangeOwnRole);
  return await db.transaction(async (tx) => {
    const target = await findUserForModeration(tx, userId);
    if (!target) throw new NotFound(m.admin.userNotFound);
    if (target.role === "admin" && role !== "admin" && (await lockAdmins(tx)) <= 1) {
      throw new Conflict(m.admin.lastAdmin);
    }
    if (target.role !== role) {
      await setRole(tx, userId, role);
      const requestId = role === "member" ? null : await approvePendingOwnerRequest(tx, userId, adminId);
      // Approving the owner request this way completes a handover that waited for it too.
      if (requestId)
        await settleTransfersOnOwnerDecision({ db: tx, jobs }, { userId, approved: true, adminId });
      await recordAudit({
        db: tx,
        actorId: adminId,
        action: "user.role",
        targetType: "user",
        targetId: userId,
        details: { from: target.role, to: role, ...(requestId ? { owner_request_id: requestId } : {}) },
      });
      await notifyUsers({ db: tx, jobs }, [userId], { kind: "role_changed", role });
    }
    return { id: target.id, username: target.username, role };
  });
}
