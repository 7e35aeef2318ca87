import type { Api } from "./api";
import type { SessionUser } from "./session";

/*
 * The page cookie (issue 50; src/lib/session-cookie.ts) lets the server render this browser's
 * pages signed in. It is HttpOnly, so the browser cannot read or remove it: the server sets it
 * with each token it hands out and removes it at log-out, and this module asks the server to
 * make it follow the stored token where they part (a session from before the cookie existed,
 * storage cleared, an account switch).
 */

/** The id of the style that hides the guest links until the stored session is read. */
export const PENDING_SESSION_STYLE_ID = "session-pending";

/**
 * Runs before the header is parsed on a page the server rendered for a guest: when storage
 * holds a token (a person whose browser has no page cookie yet), the guest links stay hidden
 * until the session provider has read it, so a signed-in person never sees "Log in" flash.
 * Guests (no token) see the links at once, also without JavaScript.
 */
export const PENDING_SESSION_SCRIPT = `try{if(localStorage.getItem("token")){var s=document.createElement("style");s.id="${PENDING_SESSION_STYLE_ID}";s.textContent=".topbar__guest{visibility:hidden}";document.head.appendChild(s)}}catch(e){}`;

/**
 * Called when the stored session is first read on a page, and whenever it changes after. On
 * the first read: a stored token for someone other than the page was rendered for sets the
 * cookie from that token; no stored token on a page rendered signed in removes it. Later, a
 * sign-out (or a token dropped as expired or refused) removes it; a sign-in's own answer set it.
 * Best effort: a failure leaves the next page rendered as before, and it is tried again there.
 */
export function followPageCookie({
  api,
  token,
  user,
  rendered,
  first,
}: {
  api: Api;
  token: string | null;
  user: SessionUser | null;
  rendered: SessionUser | null;
  first: boolean;
}): void {
  if (token && user) {
    if (first && rendered?.id !== user.id) api.put("/session/cookie", { token }).catch(() => {});
  } else if (!first || rendered) {
    api.del("/session/cookie", { token: null }).catch(() => {});
  }
}
