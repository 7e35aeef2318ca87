/** What /docs says about the auth calls (routes.ts): the prose, kept out of the route table. */

export const authDocs = {
  signUp: {
    summary: "Create an account (member, or owner pending admin approval)",
    description:
      "Role admin cannot be chosen. A username that reads as a staff or system name is refused with 422 { detail: [{ loc: [body, username], msg }] }: the reserved words (admin, administrador, moderador, mod, soporte, support, clubnica, staff, root, sistema, seguridad, ayuda, help…) alone, as a part between _ - . or digits at the ends (admin_, soporte-clubnica, mod2024), the distinctive ones also at either end (adminana, clubnicaoficial), judged after folding case, accents and look-alikes (adm1n, admln, adrnin, aaadmin); see common/reserved-names.ts. An owner signup records a pending owner request; the account is a member until an admin approves it. Limited per client address (RATE_SIGNUPS_PER_ADDRESS, default 60 in 15 minutes; owner signups also RATE_OWNER_REQUESTS_PER_ADDRESS, default 10 a day): past it 429 with Retry-After.",
  },
  logIn: {
    summary: "Log in (form-encoded username and password)",
    description:
      "Each attempt is counted before any password is hashed; a right password gives its counts back, so only failures add up. A right log-in also sets a device cookie (device_…: signed, bound to the username, HttpOnly, SameSite=Lax, Secure over https, Path=/login, 180 days); the JWT in the body stays the session token. Attempts carrying a valid device cookie for the username are limited per device (RATE_LOGIN_FAILURES_PER_DEVICE, default 10 in 15 minutes) and with the account's other devices (RATE_LOGIN_FAILURES_PER_ACCOUNT, default 100 in 15 minutes), so strangers never lock out a browser that signed in before. Attempts without one (a new browser, curl) are limited per client address whatever the usernames (RATE_LOGIN_FAILURES_PER_ADDRESS, default 50 a minute), per (username, client address) (RATE_LOGIN_FAILURES_PER_ACCOUNT_ADDRESS, default 10 in 15 minutes) and for all untrusted clients of the username together (RATE_LOGIN_FAILURES_PER_ACCOUNT, default 100 in 15 minutes), where an address adds only the tries its own limits let through; an address the username signed in from in the last 30 days skips that last one. Past any: 429 with Retry-After and no password check. When this process's password-hashing queue is full (PASSWORD_HASH_CONCURRENCY, PASSWORD_HASH_QUEUE): 503 with Retry-After, not counted. The tokens are HS256 JWTs with an expiry (JWT_TTL); each log-in gets its own token, which POST /logout revokes. A right log-in also sets the page cookie (`session`: the same token, HttpOnly, SameSite=Lax, Secure over https, Path=/, as long as the token lives), which only lets the server render this browser's GET pages signed in; the API never reads it (see PUT /session/cookie).",
  },
  logOut: {
    summary: "Log out: revoke the bearer token",
    description:
      "Revokes the token this request carries: from now on it gets 401 on every call, this one included (a second log-out with it is 401). The person's other tokens (other devices) keep working; a password change still refuses them all. The push subscriptions this token made are deleted with it. No body. 204. Without a valid token 401. Also removes the page cookie (Set-Cookie `session` expired).",
  },
  setPageCookie: {
    summary: "Set the page cookie from the bearer token",
    description:
      "Sets the page cookie (`session`: HttpOnly, SameSite=Lax, Secure over https, Path=/) to the bearer token of this request, for a browser that signed in before the cookie existed or whose cookie names another account. The cookie only lets the server render GET pages signed in (the header, /home's feed, /clubs with its suggestions); every API call, read or write, still needs the Authorization header, so the cookie needs no CSRF token. 204.",
  },
  clearPageCookie: {
    summary: "Remove the page cookie",
    description:
      "Removes the page cookie (Set-Cookie `session` expired), for a browser whose stored token is gone (signed out in another way, storage cleared) so that its pages render signed out again. Needs no token and changes nothing on the server. 204.",
  },
} as const;
