import type { Role } from "../../../common/enums";
import { m } from "../../../common/messages";
import type { AppDeps } from "../../deps";
import { isUniqueViolation, VERIFIED_EMAIL_INDEX } from "../../lib/database/errors";
import { Conflict, NotFound } from "../../lib/errors";
import { expireLiveCodes } from "../email-codes";
import { AVATAR_WIDTHS, deleteUploadIfUnused, saveImage } from "../uploads";
import { reportScreenedText } from "../watched-words";
import { queueEmailInUseCheck } from "./email-in-use";
import { toProfileJson } from "./present";
import { parseProfileForm, pictureFile } from "./profile-form";
import { screenProfile } from "./profile-screen";
import { findProfileRow, lockProfile, updateProfileFields } from "./queries";
import type { ProfileForm } from "./schema";

type Deps = Pick<AppDeps, "db" | "logger" | "mailer" | "config" | "jobs">;

export async function getProfile({
  db,
  userId,
  viewer,
}: {
  db: Deps["db"];
  userId: number;
  viewer: { id: number; role: Role };
}) {
  const row = await findProfileRow(db, userId, viewer.id);
  if (!row) throw new NotFound(m.accounts.userNotFound);
  const trusted = viewer.id === userId || viewer.role === "admin";
  // Many students are minors: what says where to find them, or who they are, is for the people
  // of their clubs (and admins); anyone else sees who they are by name and picture only.
  return toProfileJson(row, { private: trusted, limited: !trusted && !row.sharesClubWithViewer });
}

/**
 * Saves the signed-in user's profile. The picture is processed before the transaction (sharp
 * work should not hold a database connection); a replaced picture is removed once nothing
 * references it. A new e-mail address is unverified, and codes sent to the old one die. The
 * answer is the same whether or not another account verified that address (see email-in-use.ts).
 */
export async function updateProfile({
  deps,
  userId,
  role,
  form,
}: {
  deps: Deps;
  userId: number;
  /** The signed-in account's role: an admin may call themself "Admin". */
  role: Role;
  form: ProfileForm;
}) {
  const { values, screened } = await screenProfile(
    deps.db,
    userId,
    parseProfileForm(form, { staffNames: role === "admin" }),
  );
  const file = pictureFile(form.picture);
  const pictureId = file ? await saveImage({ db: deps.db, file, widths: AVATAR_WIDTHS }) : undefined;
  let previousPicture: string | null = null;
  let emailChanged = false;
  let username = "";
  try {
    await deps.db.transaction(async (tx) => {
      const current = await lockProfile(tx, userId);
      if (!current) throw new NotFound(m.accounts.userNotFound);
      previousPicture = current.profilePictureId;
      username = current.username;
      emailChanged = current.email?.toLowerCase() !== values.email.toLowerCase();
      await updateProfileFields(tx, userId, {
        ...values,
        ...(emailChanged ? { emailVerified: false } : {}),
        ...(pictureId ? { profilePictureId: pictureId } : {}),
      });
      if (emailChanged) {
        await expireLiveCodes(tx, userId, "verify_email", new Date());
        await queueEmailInUseCheck(deps, tx, { email: values.email, username, userId });
      }
      await reportScreenedText({ db: tx, screened, targetType: "user", targetId: userId, authorId: userId });
    });
  } catch (error) {
    if (pictureId) await deleteUploadIfUnused({ db: deps.db, id: pictureId });
    // A changed address is saved unverified, so this can only be a race on an unchanged one.
    if (isUniqueViolation(error, VERIFIED_EMAIL_INDEX)) throw new Conflict(m.accounts.emailTaken);
    throw error;
  }
  if (pictureId && previousPicture && previousPicture !== pictureId) {
    await deleteUploadIfUnused({ db: deps.db, id: previousPicture });
  }
  return await getProfile({ db: deps.db, userId, viewer: { id: userId, role: "member" } });
}
