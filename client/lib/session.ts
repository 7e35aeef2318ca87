/**
 * The session (spec section 4): the token lives in localStorage under "token". It is decoded on
 * load; a token that cannot be decoded or has expired is removed and the user is signed out.
 * On the server there is no storage: the session there is the page cookie's (issue 50), which
 * the server render hands in through setServerSession (src/ssr/render.ts), per request.
 */
import type { Role } from "../../common/enums";
import { decodeToken } from "./decode-token";

export type { Role };
export type SessionUser = { id: number; username: string; role: Role; exp: number | null };
export type Session = { token: string; user: SessionUser };

const TOKEN_KEY = "token";

function storage(): Storage | null {
  try {
    return typeof window === "undefined" ? null : window.localStorage;
  } catch {
    return null;
  }
}

const listeners = new Set<() => void>();

function notify() {
  for (const listener of listeners) listener();
}

let serverSession: () => Session | null = () => null;

/**
 * The server's source of the session it renders a page for (the page cookie, already checked
 * against revocations and bans). Set once by the server render; never in the browser.
 */
export function setServerSession(read: () => Session | null): void {
  serverSession = read;
}

/** Reads and validates the stored session; removes a bad or expired token. */
export function loadSession(): Session | null {
  if (typeof window === "undefined") return serverSession();
  const store = storage();
  const token = store?.getItem(TOKEN_KEY) ?? null;
  if (!token) return null;
  const user = decodeToken(token);
  if (!user) {
    store?.removeItem(TOKEN_KEY);
    // Tell the UI (a token can expire while the page is open); later, not during a render.
    queueMicrotask(notify);
    return null;
  }
  return { token, user };
}

export function getToken(): string | null {
  return loadSession()?.token ?? null;
}

/** Stores a token from /login or signup; returns its user (null if the token is unusable). */
export function saveToken(token: string): SessionUser | null {
  const user = decodeToken(token);
  if (!user) return null;
  storage()?.setItem(TOKEN_KEY, token);
  notify();
  return user;
}

export function clearSession(): void {
  storage()?.removeItem(TOKEN_KEY);
  notify();
}

/** Called on sign-in and sign-out in this tab, and when another tab changes the token. */
export function subscribeSession(listener: () => void): () => void {
  listeners.add(listener);
  const onStorage = (event: StorageEvent) => {
    if (event.key === TOKEN_KEY || event.key === null) listener();
  };
  if (typeof window !== "undefined") window.addEventListener("storage", onStorage);
  return () => {
    listeners.delete(listener);
    if (typeof window !== "undefined") window.removeEventListener("storage", onStorage);
  };
}

export function hasRole(user: SessionUser | null | undefined, roles: readonly Role[]): boolean {
  return !!user && roles.includes(user.role);
}
