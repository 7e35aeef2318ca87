import { useRouter } from "@tanstack/react-router";
import { lazy, Suspense, useState } from "react";
import { useSession } from "./session-provider";

/**
 * The tab's one poll of the unread count (rendered once, in the root layout); renders nothing.
 * The poll and the query cache load only once someone is signed in, so a guest's page never
 * downloads them (client/lib/query-layer.tsx).
 */
export function NotificationPoller() {
  const { token } = useSession();
  const { queries } = useRouter().options.context;
  const [Poll] = useState(() =>
    lazy(() =>
      Promise.all([import("./notification-poll"), queries.load()]).then(([module]) => ({
        default: module.NotificationPoll,
      })),
    ),
  );
  if (token === null) return null;
  return (
    <Suspense fallback={null}>
      <Poll token={token} />
    </Suspense>
  );
}
