/** Operations: e-mail that is not configured, the /metrics endpoint. */
export const operations = {
  mailNotConfigured:
    "E-mail is not configured on this server, so no code can be sent right now. Ask an admin of your school for help.",
  mailNotConfiguredAdmin:
    "E-mail is not configured (SMTP_URL is not set): verification and password-reset codes cannot be sent. Set SMTP_URL to turn e-mail on.",
  metricsUnauthorized: "The metrics token is missing or wrong.",
};
