import { m } from "../../common/messages";
import { useResource } from "../lib/use-resource";
import { Alert } from "./form";

/** Whether this server can send e-mail (false in production without SMTP_URL). */
function useMailConfigured(): boolean | null {
  const status = useResource(["mail-status"], (api) => api.get<{ configured: boolean }>("/api/mail-status"));
  return status.data ? status.data.configured : null;
}

/**
 * Said up front on the screens that need mail, instead of letting a send fail: users learn to
 * ask an admin, admins learn what to fix.
 */
export function MailOffNotice({ audience }: { audience: "user" | "admin" }) {
  const configured = useMailConfigured();
  if (configured !== false) return null;
  return (
    <Alert kind={audience === "admin" ? "info" : "error"}>
      {audience === "admin" ? m.operations.mailNotConfiguredAdmin : m.operations.mailNotConfigured}
    </Alert>
  );
}
