import type { z } from "zod";
import { m } from "../../../common/messages";
import type { PasswordCost } from "../../config";
import type { Database, Executor } from "../../lib/database/client";
import { Conflict, Invalid } from "../../lib/errors";
import { hashPassword } from "../../lib/passwords";
import { reportScreenedText, screenTexts } from "../watched-words";
import { insertOwnerRequest, insertUser } from "./queries";
import type { signupBody } from "./schema";

/*
 * Account creation, in one place: /signup (signUp), /signup/complete (users/signup-service.ts,
 * through createAccount and screenUsername from the feature's index.ts). An admin's dummy users are
 * inserted with their own fields (admin/users-service.ts, insertUser).
 */

/**
 * Creates a member account. Asking for "owner" records a pending owner request; the account
 * stays a member until an admin approves it.
 */
export async function signUp({
  db,
  input,
  cost,
}: {
  db: Database;
  input: z.output<typeof signupBody>;
  cost: PasswordCost;
}) {
  const screened = await screenUsername(db, input.username);
  const passwordHash = await hashPassword(input.password, cost);
  return await db.transaction(async (tx) => {
    const user = await createAccount(tx, { username: input.username, passwordHash, role: input.role });
    await reportScreenedText({ db: tx, screened, targetType: "user", targetId: user.id, authorId: user.id });
    return { ...user, owner_request_pending: input.role === "owner" };
  });
}

/**
 * A username through the watched words: refused (422) on block or hold; a censor entry refuses
 * it too, since a name full of asterisks is no name; a flag is reported once the account exists.
 */
export async function screenUsername(db: Database, username: string) {
  const screened = await screenTexts({ db, kind: "username", authorId: null, texts: [username] });
  if (screened.texts[0] !== username) throw new Invalid(m.watchedWords.blocked);
  return screened;
}

/**
 * The account part of both signups (/signup and /signup/complete), inside the caller's
 * transaction: a member account, plus a pending owner request when "owner" was asked for.
 */
export async function createAccount(
  tx: Executor,
  { username, passwordHash, role }: { username: string; passwordHash: string; role: "member" | "owner" },
) {
  const user = await insertUser(tx, { username, passwordHash, role: "member" });
  if (!user) throw new Conflict(m.auth.usernameTaken);
  if (role === "owner") await insertOwnerRequest(tx, user.id);
  return user;
}
