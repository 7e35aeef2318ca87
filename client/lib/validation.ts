/**
 * The form rules of spec section 5, as pure functions shared by the screens and their unit
 * tests. Each returns the errors to show, keyed by the field's id (empty when valid).
 */
import { format, m } from "../../common/messages";
import { checkPassword, checkUsername, PASSWORD_MIN, type RuleCheck } from "../../common/signup-rules";

export type FormError = { field?: string; message: string };

const CODE_LENGTH = 6;
const MIN_PASSWORD = 8;

export function isSixDigitCode(value: string): boolean {
  return /^\d{6}$/.test(value);
}

/** Keeps only digits, at most six: what the code inputs accept while typing or pasting. */
export function cleanCode(value: string): string {
  return value.replace(/\D/g, "").slice(0, CODE_LENGTH);
}

export function validateSignup(values: { username: string; password: string; confirm: string }): FormError[] {
  if (!values.username.trim() || !values.password || !values.confirm) {
    return [{ message: m.signupPage.required }];
  }
  if (values.password !== values.confirm)
    return [{ field: "signup-confirm", message: m.signupPage.mismatchAlert }];
  const errors: FormError[] = [];
  const username = usernameProblem(values.username);
  if (username) errors.push({ field: "signup-username", message: username });
  const password = passwordProblem(values.password);
  if (password) errors.push({ field: "signup-password", message: password });
  return errors;
}

/**
 * What exactly is wrong with a username, in the person's terms (the space, the "í"), rather
 * than the rule again: the rule list beside the field already says the rule.
 */
export function usernameProblem(value: string): string | undefined {
  const broken = firstBrokenRule(checkUsername(value));
  if (!broken) return undefined;
  const v = value.trim();
  if (/\s/.test(v)) return m.signupPage.problemSpace;
  const bad = [...new Set(v.replace(/[A-Za-z0-9_.-]/g, ""))];
  if (bad.length) return format(m.signupPage.problemCharacters, { chars: bad.join(" ") });
  return broken;
}

export function passwordProblem(value: string): string | undefined {
  const broken = firstBrokenRule(checkPassword(value));
  if (!broken) return undefined;
  return value.length < PASSWORD_MIN
    ? format(m.signupPage.problemPasswordShort, { count: value.length })
    : broken;
}

/** The text of the first rule a value breaks (the server's rules, common/signup-rules.ts). */
function firstBrokenRule(checks: RuleCheck<keyof typeof m.signupPage.ruleText>[]): string | undefined {
  const broken = checks.find((c) => !c.ok);
  return broken ? m.signupPage.ruleText[broken.rule] : undefined;
}

const IMAGE_TYPES = ["image/png", "image/jpeg", "image/jpg"];
const IMAGE_EXTENSIONS = /\.(png|jpe?g)$/i;

/** PNG, JPG or JPEG by type or (when the browser gives no type) by extension. */
export function isAllowedImage(file: { name: string; type: string }): boolean {
  if (file.type) return IMAGE_TYPES.includes(file.type.toLowerCase());
  return IMAGE_EXTENSIONS.test(file.name);
}

export function validateProfile(values: {
  first_name: string;
  last_name: string;
  email: string;
  picture?: { name: string; type: string; size: number } | null;
}): FormError[] {
  const errors: FormError[] = [];
  if (!values.first_name.trim() || !values.last_name.trim() || !values.email.trim()) {
    const field = !values.first_name.trim()
      ? "profile-first-name"
      : !values.last_name.trim()
        ? "profile-last-name"
        : "profile-email";
    errors.push({ field, message: m.profileCreatePage.required });
  }
  if (values.picture && values.picture.size > 0 && !isAllowedImage(values.picture)) {
    errors.push({ field: "profile-picture", message: m.profileCreatePage.badPicture });
  }
  return errors;
}

export function validateResetRequest(identifier: string): FormError[] {
  return identifier.trim() ? [] : [{ field: "forgot-identifier", message: m.forgotPage.required }];
}

export function validateReset(values: {
  identifier: string;
  code: string;
  newPassword: string;
  confirm: string;
}): FormError[] {
  const errors: FormError[] = [];
  if (!values.identifier.trim())
    errors.push({ field: "reset-identifier", message: m.resetPage.identifierRequired });
  if (!isSixDigitCode(values.code.trim()))
    errors.push({ field: "reset-code", message: m.resetPage.codeInvalid });
  if (values.newPassword.length < MIN_PASSWORD) {
    errors.push({ field: "reset-password", message: m.resetPage.tooShort });
  } else if (values.newPassword !== values.confirm) {
    errors.push({ field: "reset-confirm", message: m.resetPage.mismatch });
  }
  return errors;
}

export function errorFor(errors: FormError[], field: string): string | undefined {
  return errors.find((e) => e.field === field)?.message;
}
