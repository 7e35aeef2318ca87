/** What /docs says about the language calls (routes.ts): the prose, kept out of the route table. */
export const localeDocs = {
  switchLanguage: {
    summary: "Choose the language of the site (sets the lang cookie)",
    description:
      'locale is es or en (422 "Language must be es or en." otherwise). Answers 303 to `next` (a path on this site; anything else goes to /) with `Set-Cookie: lang=<locale>`. The cookie beats the account\'s saved language and Accept-Language for pages, API errors and e-mails sent during the request. Guests use it too, so it is limited per client address (RATE_LANGUAGE_SWITCHES_PER_ADDRESS, default 600 in 15 minutes): past it 429 with Retry-After.',
  },
  saveLanguage: {
    summary: "Save the signed-in user's language",
    description:
      'Body { locale: "es" | "en" } (422 "Language must be es or en." otherwise; 401 without a valid token). Saved on the account: e-mails to the user use it, and requests signed in without a lang cookie follow it (on any device). Also sets the lang cookie. Returns { locale }. Limited per account (RATE_LANGUAGE_CHANGES_PER_ACCOUNT, default 30 an hour) and per client address (RATE_LANGUAGE_CHANGES_PER_ADDRESS, default 600 an hour): past either 429 with Retry-After.',
  },
} as const;
