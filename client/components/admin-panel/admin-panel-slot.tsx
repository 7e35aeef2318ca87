import { useRouter } from "@tanstack/react-router";
import { lazy, Suspense, useState } from "react";
import { loadFullApp } from "../../lib/full-app";
import { hasRole } from "../../lib/session";
import { useSession } from "../session-provider";

/**
 * Where the root layout shows the Admin panel button: only an admin's page loads it, with the
 * query cache and the strings its panel reads, so a guest downloads none of it
 * (client/lib/full-app.ts).
 */
export function AdminPanelSlot() {
  const { user } = useSession();
  const { queries } = useRouter().options.context;
  const [Button] = useState(() =>
    lazy(() =>
      Promise.all([import("./admin-panel-button"), loadFullApp(queries)]).then(([module]) => ({
        default: module.AdminPanelButton,
      })),
    ),
  );
  if (!hasRole(user, ["admin"])) return null;
  return (
    <Suspense fallback={null}>
      <Button />
    </Suspense>
  );
}
