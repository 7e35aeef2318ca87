/** What /docs says about the e-mail-code calls (routes.ts): the prose, kept out of the route table. */

const codeRules =
  "Codes are 6 digits, valid 15 minutes, single use; a new code replaces the old one; 5 wrong tries kill a code. Sending is limited per account and purpose to one a minute and ten a day, and mails to one address, whichever account asks, to RATE_MAILS_PER_RECIPIENT (default 5 an hour).";

export const emailCodesDocs = {
  startVerification: {
    summary: "Send an e-mail verification code",
    description: `Sends a code to the e-mail on the signed-in user's profile. 422 when the profile has no e-mail. Asked again less than a minute after a code that still works (a reloaded screen, the profile's button right after sign-up), it sends nothing and answers 200 with already_sent: true, naming the same masked address; 429 with Retry-After past the daily limit or the per-address mail limit; 503 "Failed to start verification" when the mail could not be sent (the code stays valid and Resend works at once), or 503 saying that e-mail is not configured when the server has no SMTP_URL (see GET /api/mail-status). With SMTP, a failed send is queued and retried for about 15 minutes. ${codeRules}`,
  },
  confirmVerification: {
    summary: "Confirm the e-mail with the code",
    description:
      'Sets email_verified. A wrong code gives 400 "Invalid code"; an expired, used or dead code gives 400 asking for a new one.',
  },
  requestReset: {
    summary: "Ask for a password reset code",
    description: `Always 200 with the same body, whether or not the account exists, and in the same time (the request only queues a job; the lookup, the code and the mail happen in it, and once answered the mail survives a crash or restart). The code goes to the e-mail on file. When the account is throttled no mail is sent, silently. 503 saying that e-mail is not configured when the server has no SMTP_URL. ${codeRules}`,
  },
  confirmReset: {
    summary: "Set a new password with the reset code",
    description:
      'Send username_or_email when you have it (the reset screen carries it); the code is then checked against that account and a miss counts against that account\'s code only (5 kill it). Without it ({code, new_password}) the code is looked up among all live reset codes; a miss changes nothing for anyone, and such code-only tries are limited per client address (RATE_RESET_GUESSES_PER_ADDRESS, default 10 in 15 minutes) and for everyone together (RATE_RESET_GUESSES_TOTAL, default 60 an hour): past either 429 with Retry-After. Success bumps the token version (every older token is refused), clears failed logins and marks the e-mail verified. Any failure: 400 "Invalid code".',
  },
} as const;
