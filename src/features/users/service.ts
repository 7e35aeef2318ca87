import { m } from "../../../client/messages";
import type { Role } from "../../../db/schema/types";
import type { AppDeps } from "../../deps";
import { Conflict, NotFound } from "../../lib/errors";
import { expireLiveCodes } from "../email-codes/queries";
import { deleteUploadIfUnused, saveImage, uploadUrl } from "../uploads/service";
import { parseProfileForm, pictureFile } from "./profile-form";
import {
  findProfileRow,
  isEmailUsedByOther,
  isUniqueViolation,
  lockProfile,
  type ProfileRow,
  updateProfileFields,
} from "./queries";
import type { ProfileForm, ProfileJson } from "./schema";

type Deps = Pick<AppDeps, "db" | "logger">;

const iso = (d: Date | null) => (d ? d.toISOString() : null);

/** The profile as the API shows it. E-mail, ban and mute only to the user and admins. */
export function toProfileJson(row: ProfileRow, options: { private: boolean }): ProfileJson {
  const now = new Date();
  const show = options.private;
  return {
    id: row.id,
    username: row.username,
    role: row.role,
    first_name: row.firstName,
    middle_name: row.middleName,
    last_name: row.lastName,
    email: show ? row.email : null,
    school: row.school,
    region: row.region,
    gender: row.gender,
    description: row.description,
    profile_picture_url: uploadUrl(row.profilePictureId),
    clubs: row.clubs,
    ban_until: show ? iso(row.banUntil) : null,
    mute_until: show ? iso(row.muteUntil) : null,
    is_banned: show ? !!row.banUntil && row.banUntil > now : null,
    is_muted: show ? !!row.muteUntil && row.muteUntil > now : null,
    test_account: row.testAccount,
    email_verified: row.emailVerified,
    profile_completed: !!(row.firstName && row.lastName && row.email),
    owner_request_pending: row.ownerRequestPending,
  };
}

export async function getProfile({
  db,
  userId,
  viewer,
}: {
  db: Deps["db"];
  userId: number;
  viewer: { id: number; role: Role };
}) {
  const row = await findProfileRow(db, userId);
  if (!row) throw new NotFound(m.accounts.userNotFound);
  return toProfileJson(row, { private: viewer.id === userId || viewer.role === "admin" });
}

/**
 * Saves the signed-in user's profile. The picture is processed before the transaction (sharp
 * work should not hold a database connection); a replaced picture is removed once nothing
 * references it. A new e-mail address is unverified, and codes sent to the old one die.
 */
export async function updateProfile({
  deps,
  userId,
  form,
}: {
  deps: Deps;
  userId: number;
  form: ProfileForm;
}) {
  const values = parseProfileForm(form);
  const file = pictureFile(form.picture);
  if (await isEmailUsedByOther(deps.db, values.email, userId)) throw new Conflict(m.accounts.emailTaken);
  const pictureId = file ? await saveImage({ db: deps.db, file }) : undefined;
  let previousPicture: string | null = null;
  try {
    await deps.db.transaction(async (tx) => {
      const current = await lockProfile(tx, userId);
      if (!current) throw new NotFound(m.accounts.userNotFound);
      previousPicture = current.profilePictureId;
      const emailChanged = current.email?.toLowerCase() !== values.email.toLowerCase();
      await updateProfileFields(tx, userId, {
        ...values,
        ...(emailChanged ? { emailVerified: false } : {}),
        ...(pictureId ? { profilePictureId: pictureId } : {}),
      });
      if (emailChanged) await expireLiveCodes(tx, userId, "verify_email", new Date());
    });
  } catch (error) {
    if (pictureId) await deleteUploadIfUnused({ db: deps.db, id: pictureId });
    if (isUniqueViolation(error, "users_email_key")) throw new Conflict(m.accounts.emailTaken);
    throw error;
  }
  if (pictureId && previousPicture && previousPicture !== pictureId) {
    await deleteUploadIfUnused({ db: deps.db, id: previousPicture });
  }
  return await getProfile({ db: deps.db, userId, viewer: { id: userId, role: "member" } });
}
