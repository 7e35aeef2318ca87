/**
 * The defaults of the RATE_* settings (read and overridable in src/config.ts). Rate limits
 * (src/platform/rate-limits) are kept in PostgreSQL so every replica shares them.
 * Per account and per client address: a whole school shares one address, so the address
 * limits are many times the account ones. Chosen so a busy but honest student never meets them.
 */
export const RATE_LIMIT_DEFAULTS = {
  RATE_SIGNUPS_PER_ADDRESS: "60/15m",
  RATE_OWNER_REQUESTS_PER_ADDRESS: "10/1d",
  RATE_MESSAGES_PER_ACCOUNT: "30/1m",
  RATE_MESSAGES_PER_ADDRESS: "600/1m",
  RATE_COMMENTS_PER_ACCOUNT: "10/1m",
  RATE_COMMENTS_PER_ADDRESS: "300/1m",
  RATE_POSTS_PER_ACCOUNT: "20/1h",
  RATE_POSTS_PER_ADDRESS: "200/1h",
  RATE_UPLOADS_PER_ACCOUNT: "20/1h",
  RATE_UPLOADS_PER_ADDRESS: "300/1h",
  RATE_CONNECTION_REQUESTS_PER_ACCOUNT: "20/1h",
  RATE_CONNECTION_REQUESTS_PER_ADDRESS: "300/1h",
  RATE_REPORTS_PER_ACCOUNT: "10/1h",
  RATE_REPORTS_PER_ADDRESS: "200/1h",
  RATE_BLOCKS_PER_ACCOUNT: "60/1h",
  RATE_BLOCKS_PER_ADDRESS: "600/1h",
  RATE_CLUB_CREATES_PER_ACCOUNT: "10/1h",
  RATE_CLUB_CREATES_PER_ADDRESS: "100/1h",
  RATE_CLUB_EDITS_PER_ACCOUNT: "60/1h",
  RATE_CLUB_EDITS_PER_ADDRESS: "600/1h",
  // Naming, changing and removing officers (the Directiva): a new school year names a handful.
  RATE_OFFICER_CHANGES_PER_ACCOUNT: "60/1h",
  RATE_OFFICER_CHANGES_PER_ADDRESS: "600/1h",
  // A club's handover (offer, accept, decline, cancel) and an admin's reassignment: a few a year.
  RATE_HANDOVERS_PER_ACCOUNT: "20/1h",
  RATE_HANDOVERS_PER_ADDRESS: "200/1h",
  RATE_REACTIONS_PER_ACCOUNT: "60/10m",
  RATE_REACTIONS_PER_ADDRESS: "1200/10m",
  // Votes and withdrawals in polls: a person changes their mind a few times, a script endlessly.
  RATE_POLL_VOTES_PER_ACCOUNT: "30/10m",
  RATE_POLL_VOTES_PER_ADDRESS: "1200/10m",
  RATE_MESSAGE_REACTIONS_PER_ACCOUNT: "120/10m",
  RATE_MESSAGE_REACTIONS_PER_ADDRESS: "2400/10m",
  RATE_MESSAGE_EDITS_PER_ACCOUNT: "30/10m",
  RATE_MESSAGE_EDITS_PER_ADDRESS: "600/10m",
  RATE_CALENDAR_FEEDS_PER_ACCOUNT: "5/1h",
  RATE_CALENDAR_FEEDS_PER_ADDRESS: "100/1h",
  // Check-in codes are 6 digits: a few tries per minute is plenty for typos and stops guessing.
  RATE_CHECK_INS_PER_ACCOUNT: "10/10m",
  // A whole event may share one school network: room for a few hundred people at once.
  RATE_CHECK_INS_PER_ADDRESS: "600/10m",
  RATE_LANGUAGE_CHANGES_PER_ACCOUNT: "30/1h",
  RATE_LANGUAGE_CHANGES_PER_ADDRESS: "600/1h",
  RATE_LANGUAGE_SWITCHES_PER_ADDRESS: "600/15m",
  RATE_PROFILE_READS_PER_ACCOUNT: "120/1h",
  // A browser subscribes once per permission grant; a few dozen an hour covers a shared phone.
  RATE_PUSH_SUBSCRIPTIONS_PER_ACCOUNT: "30/1h",
  RATE_PUSH_SUBSCRIPTIONS_PER_ADDRESS: "600/1h",
  RATE_NOTICE_READS_PER_ACCOUNT: "300/10m",
  RATE_MAILS_PER_RECIPIENT: "5/1h",
  // Building a file reads everything a person has; three a day is plenty for a real need.
  RATE_DATA_EXPORTS_PER_ACCOUNT: "3/1d",
  // Failed log-ins (src/features/auth/login-limits.ts). Per address, whatever the usernames: what
  // one network may make the server hash (argon2id, ~120 ms and 64 MiB each); a school lab of 40
  // mistyping now and then stays far below it, and right log-ins give their count back.
  RATE_LOGIN_FAILURES_PER_ADDRESS: "50/1m",
  RATE_LOGIN_FAILURES_PER_ACCOUNT_ADDRESS: "10/15m",
  // Untrusted clients (no device cookie for the username) together; past it they are locked out
  // while browsers that signed in before still log in. The account's own devices together get
  // the same number apart.
  RATE_LOGIN_FAILURES_PER_ACCOUNT: "100/15m",
  // One browser's device cookie (a stolen phone, a sibling guessing): counted on its own.
  RATE_LOGIN_FAILURES_PER_DEVICE: "10/15m",
  RATE_RESET_GUESSES_PER_ADDRESS: "10/15m",
  RATE_RESET_GUESSES_TOTAL: "60/1h",
  // The digest's one-click unsubscribe link works signed out: counted per client address (GET
  // and POST), so one network cannot walk through guessed tokens.
  RATE_DIGEST_UNSUBSCRIBES_PER_ADDRESS: "60/15m",
} as const;
