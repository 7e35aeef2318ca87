import { Link } from "@tanstack/react-router";
import Pencil from "lucide-react/icons/pencil";
import UserPlus from "lucide-react/icons/user-plus";
import type { ClubDetail } from "../../../../common/api/clubs";
import { m } from "../../../../common/messages";

const t = m.officersPage;

/**
 * What an officer (often a member account, without the owner's buttons) may open here, by the
 * permissions the API gives (`my_permissions`): the club's edit page with edit_club, the join
 * requests with accept_requests. The owner and admins have their own buttons in the header.
 */
export function OfficerTools({ club }: { club: ClubDetail }) {
  const permissions = club.my_permissions ?? [];
  if (club.can_edit) return null;
  const edit = permissions.includes("edit_club");
  const requests = permissions.includes("accept_requests");
  if (!edit && !requests) return null;
  const clubId = String(club.id);
  return (
    <nav className="officer-tools" aria-label={t.officerTools}>
      {edit ? (
        <Link to="/clubs/edit/$clubId" params={{ clubId }} className="button button--secondary">
          <Pencil aria-hidden="true" size={18} />
          {t.editClub}
        </Link>
      ) : null}
      {requests ? (
        <Link
          to="/clubs/$clubId"
          params={{ clubId }}
          search={{ tab: "members" }}
          hash="club-requests"
          className="button button--secondary"
        >
          <UserPlus aria-hidden="true" size={18} />
          {t.joinRequests}
        </Link>
      ) : null}
    </nav>
  );
}
