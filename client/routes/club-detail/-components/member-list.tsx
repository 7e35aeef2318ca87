import type { ClubDetail } from "../../../../common/api/clubs";
import { Avatar } from "../../../components/avatar";
import { ReportButton } from "../../../components/report/report-button";
import { useSession } from "../../../components/session-provider";
import { RemoveMemberButton } from "./club-requests";

/**
 * The Members tab for a signed-in reader: people by name and picture (the username belongs on
 * the account, not in this list), each reportable, removable with accept_requests (an officer,
 * the owner, an admin).
 */
export function MemberList({ club }: { club: ClubDetail }) {
  const canRemove = (club.my_permissions ?? []).includes("accept_requests");
  return (
    <ul className="member-list">
      {club.members.map((member) => (
        <li key={member.id} className="member-list__item">
          <Avatar src={member.picture_url} name={member.display_name || member.username || "?"} size={40} />
          <span className="member-list__name">{member.display_name || member.username}</span>
          <MemberReport memberId={member.id} name={member.display_name || member.username || ""} />
          {canRemove ? <RemoveMemberButton club={club} member={member} /> : null}
        </li>
      ))}
    </ul>
  );
}

/** Report a member (people rows); not oneself. */
function MemberReport({ memberId, name }: { memberId: number; name: string }) {
  const { user } = useSession();
  if (!user || user.id === memberId) return null;
  return (
    <ReportButton
      type="user"
      id={memberId}
      person={name ? { id: memberId, name } : null}
      compact
      className="member-list__report"
    />
  );
}
