/** What /docs says about the digest unsubscribe calls (routes.ts): the prose, kept out of the route table. */

const limitNote =
  "Works without signing in, so it is limited per client address (RATE_DIGEST_UNSUBSCRIBES_PER_ADDRESS, default 60 in 15 minutes, GET and POST together): past it 429 with Retry-After. A token that is not 43 base64url characters is 422; an unknown one 404.";

export const digestDocs = {
  unsubscribePage: {
    summary: "The weekly digest's unsubscribe page (changes nothing)",
    description: `An HTML page in the token owner's language (a lang cookie wins) asking to stop the weekly digest, with a button that POSTs to the same address; when the digest is already off it says so. Opening it never unsubscribes: mail scanners prefetch links. ${limitNote}`,
  },
  unsubscribe: {
    summary: "One-click unsubscribe from the weekly digest (RFC 8058)",
    description: `The address in the digest's List-Unsubscribe header; mail clients POST \`List-Unsubscribe=One-Click\` to it (List-Unsubscribe-Post). No sign-in: sets the token owner's notification setting \`digest\` to false (the same key as PUT /api/users/me/notification-settings) and answers a short HTML page. Repeating it changes nothing. ${limitNote}`,
  },
} as const;
