/** What /docs says about the data-export calls (routes.ts): the prose, kept out of the route table. */

const who =
  "Only for the caller's own data. Any signed-in account, muted ones too; a banned account gets 403 like on every call (a ban stops all signed-in use, log-in included): the person can download once the ban ends.";

const contents =
  "The file is a ZIP: clubnica-data.json (profile, settings with the language, the interests the person picked and whether a calendar feed exists but not its secret address, club memberships, clubs owned, join and owner requests, posts written, comments, messages sent, event answers, poll votes (their own, anonymous polls included), likes, favorites, reports made, people blocked as ids) and the person's pictures under pictures/. Never a password hash, token, code, another person's name or e-mail, messages received or reports about the person.";

export const dataExportDocs = {
  exportStatus: {
    summary: "Where my data download stands",
    description: `status none (never asked, or the file expired), pending (being built) or ready (expires_at: 7 days after it was built). ${who}`,
  },
  requestExport: {
    summary: "Ask for a file of everything the app holds about me",
    description: `202 with the status: a job builds the file (status pending, then ready). Asking again while it is built answers the same and does not count. A new request replaces a ready file. Limited per account (RATE_DATA_EXPORTS_PER_ACCOUNT, default 3 a day): past it 429 with Retry-After. ${contents} ${who}`,
  },
  downloadExport: {
    summary: "Download my data file (ZIP, as an attachment)",
    description: `Needs the bearer token (the browser fetches it and saves the blob; there is no link that works without the token, so nothing secret is in a URL or a log). 404 when no file was asked for (or it was deleted after expiring), 409 while it is being built, 410 once it has expired (files are kept 7 days; an hourly job deletes them). ${contents} ${who}`,
  },
} as const;
