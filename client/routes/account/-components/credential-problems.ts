import { m } from "../../../../common/messages";
import { type FormError, passwordProblem, usernameProblem } from "../../../lib/validation";
import type { CredentialValues } from "./credentials-fix";

/**
 * What stops the sign-up details asked again on the profile screen from being sent: the same
 * rules as /signup, plus a refusal the server gave that the person has not changed yet.
 */
export function credentialProblems({
  values,
  ask,
  refused,
}: {
  values: CredentialValues;
  ask: { username: boolean; password: boolean };
  refused: { username?: string; password?: string };
}): FormError[] {
  const errors: FormError[] = [];
  if (ask.username) {
    const message = refused.username ?? usernameProblem(values.username);
    if (message) errors.push({ field: "fix-username", message });
  }
  if (ask.password) {
    const message = values.password
      ? (refused.password ?? passwordProblem(values.password))
      : m.auth.passwordRequired;
    if (message) errors.push({ field: "fix-password", message });
    else if (values.password !== values.confirm)
      errors.push({ field: "fix-confirm", message: m.signupPage.mismatchAlert });
  }
  return errors;
}
