import { Link } from "@tanstack/react-router";
import { m } from "../../../../common/messages";
import { useSession } from "../../../components/session-provider";
import { hasRole } from "../../../lib/session";

/**
 * /clubs on an installation with no club at all: says what happens next instead of "No clubs
 * found.". Owners and admins get the way to create the first club; a development build also
 * names the demo-data script.
 */
export function NoClubsYet() {
  const t = m.suggestions;
  const { user } = useSession();
  const canCreate = hasRole(user, ["owner", "admin"]);
  return (
    <div className="empty-state" data-testid="no-clubs-yet">
      <h2>{t.emptyInstallTitle}</h2>
      <p>{canCreate ? t.emptyInstallAdmin : t.emptyInstallMember}</p>
      {canCreate ? (
        <Link to="/clubs/new" className="button button--primary">
          {m.clubsPage.createClub}
        </Link>
      ) : null}
      {canCreate && process.env.NODE_ENV !== "production" ? <p>{t.emptyInstallSeed}</p> : null}
    </div>
  );
}
