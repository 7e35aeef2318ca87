import { format, m } from "../../../common/messages";
import { passwordCost } from "../../config";
import type { AppDeps } from "../../deps";
import type { Executor } from "../../lib/database/client";
import { Conflict, Invalid, NotFound, TooManyRequests } from "../../lib/errors";
import { hashPassword, verifyPassword } from "../../lib/passwords";
import type { SessionUser, TokenClaims } from "../../lib/session-token";
import { recordAudit } from "../../platform/audit/service";
import { releaseHolds, reportRefusal, takeLimits } from "../../platform/rate-limits/service";
import { tellPromoted, withdrawFromEvents } from "../events";
import { deleteUploadIfUnused } from "../uploads";
import {
  bumpTokenVersion,
  deleteAccountRow,
  findOtherAdmin,
  handOverClubs,
  listMessagePhotoIds,
  listOwnedClubIds,
  listOwnedClubsWithMembers,
  lockAccount,
  setPassword,
  uncountPersonMarks,
} from "./queries";

type Deps = Pick<AppDeps, "db" | "config">;

/**
 * Checks the signed-in person's password. Wrong answers count like failed log-ins (a stolen
 * token must not become a way to guess the password): past the limit 429, no check at all.
 */
async function checkOwnPassword({
  deps,
  userId,
  password,
  field,
}: {
  deps: Deps;
  userId: number;
  password: string;
  field: string;
}) {
  const account = await lockAccount(deps.db, userId);
  if (!account) throw new NotFound(m.safety.userNotFound);
  const taken = await takeLimits(deps.db, [
    { key: `password-check:u:${userId}`, rate: deps.config.RATE_LOGIN_FAILURES_PER_ACCOUNT_ADDRESS },
  ]);
  if (!taken.ok) {
    reportRefusal(taken.key);
    throw new TooManyRequests(m.safety.tooManyPasswordTries, taken.retryAfterSec);
  }
  if (!(await verifyPassword(password, account.passwordHash))) {
    throw Invalid.field(["body", field], m.safety.wrongPassword);
  }
  await releaseHolds(deps.db, taken.holds);
  return account;
}

/**
 * Sets a new password after checking the current one. The token version moves on, so every
 * other session's token stops working at once; the caller gets claims for a fresh token.
 */
export async function changePassword({
  deps,
  user,
  currentPassword,
  newPassword,
}: {
  deps: Deps;
  user: SessionUser;
  currentPassword: string;
  newPassword: string;
}): Promise<TokenClaims> {
  const account = await checkOwnPassword({
    deps,
    userId: user.id,
    password: currentPassword,
    field: "current_password",
  });
  if (currentPassword === newPassword) throw Invalid.field(["body", "new_password"], m.safety.samePassword);
  const passwordHash = await hashPassword(newPassword, passwordCost(deps.config));
  const ver = await setPassword(deps.db, user.id, passwordHash);
  return { sub: account.username, id: user.id, role: account.role, ver };
}

/**
 * Sign out everywhere (a school computer or a borrowed phone left signed in): a new token
 * version refuses every token issued before, and with it go the person's push subscriptions and
 * calendar feed address (migration 0039_session_bound_pushes). The caller gets claims for a fresh
 * token, so this device stays signed in.
 */
export async function signOutEverywhere({ deps, user }: { deps: Pick<AppDeps, "db">; user: SessionUser }) {
  const account = await bumpTokenVersion(deps.db, user.id);
  if (!account) throw new NotFound(m.safety.userNotFound);
  return {
    sub: account.username,
    id: user.id,
    role: account.role,
    ver: account.tokenVersion,
  } satisfies TokenClaims;
}

/**
 * A club with members is handed over by its owner to one of them first (409 explaining how);
 * clubs nobody joined go to another admin, or the deletion is refused (409).
 */
async function handOverOwnedClubs(tx: Executor, userId: number) {
  const withMembers = await listOwnedClubsWithMembers(tx, userId);
  if (withMembers.length > 0)
    throw new Conflict(format(m.handover.ownerCannotDelete, { clubs: withMembers.join(", ") }));
  const clubIds = await listOwnedClubIds(tx, userId);
  if (clubIds.length === 0) return { clubIds, adminId: null };
  const adminId = await findOtherAdmin(tx, userId);
  if (adminId === null) throw new Conflict(m.safety.noAdminForClubs);
  await handOverClubs(tx, clubIds, adminId);
  return { clubIds, adminId };
}

/**
 * Deletes the caller's account after checking their password, in one transaction: the profile
 * row and everything personal hanging off it go; counters over their likes, favorites,
 * memberships and event answers go down with the rows; comments stay as "Deleted user" (so
 * comment counts do not move); owned clubs pass to an admin. The only admin cannot leave.
 */
export async function deleteAccount({
  deps,
  user,
  password,
}: {
  deps: Pick<AppDeps, "db" | "config" | "jobs">;
  user: SessionUser;
  password: string;
}) {
  await checkOwnPassword({ deps, userId: user.id, password, field: "password" });
  const { pictureId, photoIds, promotions } = await deps.db.transaction(async (tx) => {
    const account = await lockAccount(tx, user.id);
    if (!account) throw new NotFound(m.safety.userNotFound);
    if (account.role === "admin" && (await findOtherAdmin(tx, user.id)) === null) {
      throw new Conflict(m.safety.lastAdmin);
    }
    const handed = await handOverOwnedClubs(tx, user.id);
    await uncountPersonMarks(tx, user.id);
    const promotions = await withdrawFromEvents({ db: tx, jobs: deps.jobs }, user.id);
    // No name or address in the log: only which clubs changed hands, and to whom.
    await recordAudit({
      db: tx,
      actorId: user.id,
      action: "account.delete",
      targetType: "user",
      targetId: user.id,
      details: { club_ids: handed.clubIds, clubs_handed_to: handed.adminId },
    });
    const photoIds = await listMessagePhotoIds(tx, user.id);
    await deleteAccountRow(tx, user.id);
    return { pictureId: account.profilePictureId, photoIds, promotions };
  });
  // A student's photos leave with their account: the profile picture and their chats' photos.
  await deleteUploadIfUnused({ db: deps.db, id: pictureId });
  for (const id of photoIds) await deleteUploadIfUnused({ db: deps.db, id });
  for (const promotion of promotions) await tellPromoted(deps, promotion.postId, promotion.userIds);
}
