/** What /docs says about the development mail calls (routes.ts): the prose, kept out of the route table. */

export const devMailDocs = {
  outbox: {
    summary: "Development mail outbox",
    description:
      "Only when SMTP_URL is not set and NODE_ENV is not production: the last 50 mails the server would have sent, newest first.",
  },
} as const;
