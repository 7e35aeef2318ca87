/**
 * Values carried between account screens in sessionStorage (never in the URL, never in
 * localStorage): the sign-up draft (username, role and the profile as typed) until the profile
 * is saved, and the reset identifier. The password stays in this module's memory only, so it
 * survives moving between the sign-up steps but not a reload, after which the screen asks for
 * it again: a tab's storage outlives the page and is readable by any script on the origin.
 */
export type SignupCredentials = { username: string; password: string | null; role: "member" | "owner" };
export type ProfileDraft = Record<string, string>;
type SignupDraft = { username: string; role: "member" | "owner"; profile: ProfileDraft };

const SIGNUP_KEY = "clubnica.signup";
const RESET_KEY = "clubnica.reset-identifier";

let heldPassword: string | null = null;

function store(): Storage | null {
  try {
    return typeof window === "undefined" ? null : window.sessionStorage;
  } catch {
    return null;
  }
}

function readDraft(): SignupDraft | null {
  try {
    const raw = store()?.getItem(SIGNUP_KEY);
    if (!raw) return null;
    const value = JSON.parse(raw) as Partial<SignupDraft>;
    if (typeof value.username !== "string") return null;
    const profile: ProfileDraft = {};
    for (const [key, v] of Object.entries(value.profile ?? {})) if (typeof v === "string") profile[key] = v;
    return { username: value.username, role: value.role === "owner" ? "owner" : "member", profile };
  } catch {
    return null;
  }
}

function writeDraft(draft: SignupDraft): void {
  try {
    store()?.setItem(SIGNUP_KEY, JSON.stringify(draft));
  } catch {
    // A full or refused storage only costs the draft, never the sign-up itself.
  }
}

/** /signup's fields as typed so far (the password only in memory). */
export function saveSignupCredentials({ username, password, role }: SignupCredentials): void {
  heldPassword = password;
  writeDraft({ ...(readDraft() ?? { profile: {} }), username, role });
}

/** The draft's credentials; null when no sign-up is under way (or it has no username yet). */
export function loadSignupCredentials(): SignupCredentials | null {
  const draft = readDraft();
  if (!draft?.username) return null;
  return { username: draft.username, role: draft.role, password: heldPassword };
}

/** What /signup had typed, to fill it again after a reload or a way back. */
export function loadSignupFields(): { username: string; role: "member" | "owner"; password: string } {
  const draft = readDraft();
  return { username: draft?.username ?? "", role: draft?.role ?? "member", password: heldPassword ?? "" };
}

export function saveProfileDraft(profile: ProfileDraft): void {
  const draft = readDraft();
  if (draft) writeDraft({ ...draft, profile });
}

export function loadProfileDraft(): ProfileDraft {
  return readDraft()?.profile ?? {};
}

export function clearSignupCredentials(): void {
  heldPassword = null;
  store()?.removeItem(SIGNUP_KEY);
}

export function saveResetIdentifier(identifier: string): void {
  store()?.setItem(RESET_KEY, identifier);
}

export function loadResetIdentifier(): string {
  return store()?.getItem(RESET_KEY) ?? "";
}

export function clearResetIdentifier(): void {
  store()?.removeItem(RESET_KEY);
}
