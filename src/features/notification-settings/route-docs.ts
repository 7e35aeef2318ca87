/** What /docs says about the notification-settings calls (routes.ts): the prose, kept out of the route table. */

const documentNote =
  "One JSON document for the caller's notification and contact settings: who_can_message (everyone, clubs or nobody; default everyone), quiet_hours ({start, end} in HH:MM, America/Managua, or null for off; default 21:00 to 07:00), digest (the weekly digest e-mail, true or false; default true), read_receipts (true or false, default true: false hides when you read others' messages and hides their reading from you, both ways), kinds (per notice kind, {push, email}) and muted_clubs (club ids whose notices are listed but never pushed or e-mailed). New settings arrive as new keys with a default.";

export const notificationSettingsDocs = {
  getSettings: {
    summary: "The caller's notification and contact settings",
    description: `${documentNote} Every key is present; a person who never saved anything gets the defaults. Banned users get 403 like everywhere.`,
  },
  updateSettings: {
    summary: "Change the caller's notification and contact settings",
    description: `${documentNote} JSON with any of the document's keys: the keys sent are saved, the others keep their value. An unknown key or a value outside the allowed ones is 422 and nothing is saved. Muted users may change their settings. Answers the whole document.`,
  },
} as const;
