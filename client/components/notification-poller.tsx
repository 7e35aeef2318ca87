import { useNotificationPoll } from "../lib/shared-data";
import { useSession } from "./session-provider";

/** The tab's one poll of the unread count (rendered once, in the root layout); renders nothing. */
export function NotificationPoller() {
  const { token } = useSession();
  useNotificationPoll(token);
  return null;
}
