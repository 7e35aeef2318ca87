import type { Database } from "../../lib/database/client";
import { screenTexts } from "../watched-words";
import type { parseProfileForm } from "./profile-form";

type ProfileValues = ReturnType<typeof parseProfileForm>;

/** The texts others read on a profile (names, school, description) through the watched words. */
export async function screenProfile(db: Database, userId: number | null, values: ProfileValues) {
  const screened = await screenTexts({
    db,
    kind: "profile",
    authorId: userId,
    texts: [values.firstName, values.middleName, values.lastName, values.school, values.description],
  });
  const [firstName, middleName, lastName, school, description] = screened.texts;
  return {
    screened,
    values: {
      ...values,
      firstName: firstName ?? values.firstName,
      middleName: middleName ?? values.middleName,
      lastName: lastName ?? values.lastName,
      school: school ?? values.school,
      description: description ?? values.description,
    },
  };
}
