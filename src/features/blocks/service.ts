import type { BlockedUser, BlockState } from "../../../common/api/blocks";
import { displayName } from "../../../common/display-name";
import { m } from "../../../common/messages";
import type { AppDeps } from "../../deps";
import type { Executor } from "../../lib/database/client";
import { Forbidden, Invalid, NotFound } from "../../lib/errors";
import { enforceLimits } from "../../platform/rate-limits/service";
import { uploadUrl } from "../uploads";
import { deleteBlock, findBlocksBetween, insertBlock, selectBlockedUsers, userExists } from "./queries";

type Deps = Pick<AppDeps, "db" | "config">;

/**
 * Blocking and unblocking together are limited per account and per client address: a block
 * changes what two people can do, and flipping it in a loop is no real use.
 */
async function limitBlocks(deps: Deps, userId: number, address: string) {
  await enforceLimits({
    db: deps.db,
    checks: [
      { key: `blocks:u:${userId}`, rate: deps.config.RATE_BLOCKS_PER_ACCOUNT },
      { key: `blocks:a:${address}`, rate: deps.config.RATE_BLOCKS_PER_ADDRESS },
    ],
    detail: () => m.safety.tooManyBlocks,
  });
}

async function assertOtherUser(db: Executor, userId: number, otherId: number) {
  if (otherId === userId) throw new Invalid(m.safety.cannotBlockSelf);
  if (!(await userExists(db, otherId))) throw new NotFound(m.safety.userNotFound);
}

/** Who changes a block on whom, and from which client address (for the limits). */
type BlockChange = { deps: Deps; userId: number; otherId: number; address: string };

async function changeBlock(
  { deps, userId, otherId, address }: BlockChange,
  write: (db: Executor, userId: number, otherId: number) => Promise<unknown>,
) {
  await assertOtherUser(deps.db, userId, otherId);
  await limitBlocks(deps, userId, address);
  await write(deps.db, userId, otherId);
}

/** Blocks silently: nothing is sent to or shown to the blocked person. */
export const blockUser = (change: BlockChange) => changeBlock(change, insertBlock);

export const unblockUser = (change: BlockChange) => changeBlock(change, deleteBlock);

export async function listBlockedUsers({
  db,
  userId,
}: {
  db: Executor;
  userId: number;
}): Promise<BlockedUser[]> {
  const rows = await selectBlockedUsers(db, userId);
  return rows.map((row) => ({
    user_id: row.userId,
    username: row.username,
    display_name: displayName(row),
    profile_picture_url: uploadUrl(row.profilePictureId),
    blocked_at: row.blockedAt.toISOString(),
  }));
}

export async function getBlockState({
  db,
  userId,
  otherId,
}: {
  db: Executor;
  userId: number;
  otherId: number;
}): Promise<BlockState> {
  await assertOtherUser(db, userId, otherId);
  const between = await findBlocksBetween(db, userId, otherId);
  return { blocked: between.aBlockedB, can_message: !between.aBlockedB && !between.bBlockedA };
}

/** Whether `blockerId` blocked `blockedId` (one direction only). */
export async function hasBlocked(db: Executor, blockerId: number, blockedId: number): Promise<boolean> {
  return (await findBlocksBetween(db, blockerId, blockedId)).aBlockedB;
}

/**
 * Direct messages are refused both ways once either person blocked the other. The blocker is
 * told why (and how to undo it); the blocked person only that they cannot message this person.
 */
export async function assertCanMessage(db: Executor, senderId: number, recipientId: number) {
  const between = await findBlocksBetween(db, senderId, recipientId);
  if (between.aBlockedB) throw new Forbidden(m.safety.youBlockedThem);
  if (between.bBlockedA) throw new Forbidden(m.safety.cannotMessage);
}
