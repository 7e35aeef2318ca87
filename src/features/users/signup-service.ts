import type { z } from "zod";
import { m } from "../../../common/messages";
import { passwordCost } from "../../config";
import type { AppDeps } from "../../deps";
import { Conflict } from "../../lib/errors";
import { hashPassword } from "../../lib/passwords";
import type { TokenClaims } from "../../lib/session-token";
import { createAccount, findUserByUsername, screenUsername } from "../auth";
import { AVATAR_WIDTHS, deleteUploadIfUnused, saveImage } from "../uploads";
import { reportScreenedText } from "../watched-words";
import { queueEmailInUseCheck } from "./email-in-use";
import { parseProfileForm, pictureFile } from "./profile-form";
import { screenProfile } from "./profile-screen";
import { updateProfileFields } from "./queries";
import type { signupCompleteBody } from "./schema";
import { getProfile } from "./service";

type Deps = Pick<AppDeps, "db" | "logger" | "mailer" | "config" | "jobs">;

/**
 * Signup with profile (spec section 4): creates the account and its profile in one
 * transaction, so a failure leaves no half-made account. As with /signup, asking for "owner"
 * records a pending owner request and the account is a member until an admin approves.
 * The e-mail is saved unverified: the answer never says whether another account holds it.
 * Returns the token claims; the route signs them.
 */
export async function completeSignup({
  deps,
  input,
}: {
  deps: Deps;
  input: z.output<typeof signupCompleteBody>;
}): Promise<{ claims: TokenClaims; profile: Awaited<ReturnType<typeof getProfile>> }> {
  const screenedName = await screenUsername(deps.db, input.username);
  const { values, screened } = await screenProfile(deps.db, null, parseProfileForm(input));
  const file = pictureFile(input.picture);
  if (await findUserByUsername(deps.db, input.username)) throw new Conflict(m.auth.usernameTaken);
  const passwordHash = await hashPassword(input.password, passwordCost(deps.config));
  const pictureId = file ? await saveImage({ db: deps.db, file, widths: AVATAR_WIDTHS }) : undefined;
  let user: { id: number; username: string; role: "member" | "owner" | "admin" };
  try {
    user = await deps.db.transaction(async (tx) => {
      const created = await createAccount(tx, { username: input.username, passwordHash, role: input.role });
      await updateProfileFields(tx, created.id, {
        ...values,
        ...(pictureId ? { profilePictureId: pictureId } : {}),
      });
      for (const found of [screenedName, screened]) {
        await reportScreenedText({
          db: tx,
          screened: found,
          targetType: "user",
          targetId: created.id,
          authorId: created.id,
        });
      }
      // The address is saved unverified whoever holds it, and the answer is the same either way.
      await queueEmailInUseCheck(deps, tx, {
        email: values.email,
        username: created.username,
        userId: created.id,
      });
      return created;
    });
  } catch (error) {
    if (pictureId) await deleteUploadIfUnused({ db: deps.db, id: pictureId });
    throw error;
  }
  const profile = await getProfile({
    db: deps.db,
    userId: user.id,
    viewer: { id: user.id, role: user.role },
  });
  // A new account has token version 0 (the column default).
  return { claims: { sub: user.username, id: user.id, role: user.role, ver: 0 }, profile };
}
