/** What /docs says about the account calls (routes.ts): the prose, kept out of the route table. */

const passwordTries =
  "A wrong password is 422 on that field and counts like a failed log-in for this account (RATE_LOGIN_FAILURES_PER_ACCOUNT_ADDRESS, default 10 in 15 minutes): past it 429 with Retry-After, without checking.";

export const accountDocs = {
  changePassword: {
    summary: "Change my password (current password required)",
    description: `JSON {current_password, new_password} (8 to 128 characters, different from the current one: 422 otherwise). Every token issued before stops working at once (other devices are signed out), every push subscription of the person is deleted and the private calendar feed gets a new address; the answer carries a fresh token for this device. ${passwordTries}`,
  },
  signOutEverywhere: {
    summary: "Sign out on every other device",
    description:
      "No body. Every token issued before stops working at once (other devices, a school computer left signed in), every push subscription of the person is deleted and the private calendar feed gets a new address (the old one answers 404). The answer carries a fresh token for this device. A plain POST /logout ends only its own token and keeps the calendar address.",
  },
  deleteAccount: {
    summary: "Delete my account (password required)",
    description: `JSON {password}. Deletes the profile and everything personal (chat messages, likes, favorites, club memberships, requests, event answers, blocks, codes); like, favorite, member and event counts go down with the rows; comments stay, signed "Deleted user"; clubs the person owns that nobody joined pass to an admin (the longest-standing one). 409 while the person owns a club with members (the detail names the clubs and explains the handover: POST /api/clubs/{id}/transfer), when no other admin exists to take the clubs, or when the caller is the only admin. Tokens stop working at once. 204. ${passwordTries}`,
  },
  adminResetCode: {
    summary: "Give a student a one-time password reset code (admin)",
    description:
      "For a student with no working e-mail: a 6-digit code valid 24 hours, used once on POST /auth/password-reset/confirm (with or without the username) like a mailed code; any earlier reset code stops working. The code is in this answer only (show it once): it is stored as a keyed hash and never logged. Audited as user.reset_code (without the code). Admins only: 401 without a token, 403 for others. Unknown user 404.",
  },
} as const;
