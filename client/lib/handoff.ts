/**
 * Values carried between account screens in sessionStorage (never in the URL): the signup
 * credentials until the profile is saved, and the reset identifier.
 */
export type SignupCredentials = { username: string; password: string; role: "member" | "owner" };

const SIGNUP_KEY = "clubnica.signup";
const RESET_KEY = "clubnica.reset-identifier";

function store(): Storage | null {
  try {
    return typeof window === "undefined" ? null : window.sessionStorage;
  } catch {
    return null;
  }
}

export function saveSignupCredentials(credentials: SignupCredentials): void {
  store()?.setItem(SIGNUP_KEY, JSON.stringify(credentials));
}

export function loadSignupCredentials(): SignupCredentials | null {
  try {
    const raw = store()?.getItem(SIGNUP_KEY);
    if (!raw) return null;
    const value = JSON.parse(raw) as Partial<SignupCredentials>;
    if (typeof value.username !== "string" || typeof value.password !== "string" || !value.username)
      return null;
    return {
      username: value.username,
      password: value.password,
      role: value.role === "owner" ? "owner" : "member",
    };
  } catch {
    return null;
  }
}

export function clearSignupCredentials(): void {
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
