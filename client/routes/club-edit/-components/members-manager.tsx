import { useState } from "react";
import type { ClubDetail, ClubMember } from "../../../../common/api/clubs";
import { m } from "../../../../common/messages";
import { ClubRequestList } from "../../../components/club-request-list";
import { Alert } from "../../../components/form";
import { useClubRequests } from "../../../components/use-club-requests";
import { useApi } from "../../../lib/use-resource";
import { MembersCsvButton } from "./members-csv-button";

const t = m.clubForm;

/**
 * The Members tab of /clubs/edit/{id}: who is in the club, and the pending requests to it
 * (from the caller's received requests) with Accept and Decline.
 */
export function MembersManager({ clubId, initial }: { clubId: number; initial: ClubMember[] }) {
  const api = useApi();
  const [members, setMembers] = useState(initial);
  // The server filters by club (club_id); only the owner of this club (or an admin) gets any.
  const { requests, notice, busy, answer } = useClubRequests(clubId, {
    onAccepted: async () => {
      const club = await api.get<ClubDetail>(`/api/clubs/${clubId}`).catch(() => null);
      if (club) setMembers(club.members);
    },
    serverDetail: false,
  });

  return (
    <div className="members-manager">
      <section aria-labelledby="club-requests-title">
        <h3 className="section-title" id="club-requests-title">
          {t.requestsTitle}
        </h3>
        {notice ? <Alert kind={notice.kind}>{notice.text}</Alert> : null}
        {requests.error ? (
          <Alert>
            {t.requestsFailed}{" "}
            <button
              type="button"
              className="button button--secondary button--small"
              onClick={() => void requests.reload()}
            >
              {m.postView.retry}
            </button>
          </Alert>
        ) : requests.data === null ? (
          <div className="skeleton skeleton--line" aria-hidden="true" />
        ) : requests.data.length === 0 ? (
          <p className="muted">{t.noRequests}</p>
        ) : (
          <ClubRequestList requests={requests.data} busy={busy} onAnswer={answer} withUsername />
        )}
      </section>
      <section aria-labelledby="club-members-title">
        <h3 className="section-title" id="club-members-title">
          {t.membersTitle}
        </h3>
        <MembersCsvButton clubId={clubId} />
        {members.length === 0 ? (
          <p className="muted">{t.noMembers}</p>
        ) : (
          <ul className="member-list" data-testid="club-members">
            {members.map((member) => (
              <li key={member.id} className="member-list__item">
                <span className="member-list__name">{member.display_name}</span>{" "}
                <span className="member-list__username">@{member.username}</span>
              </li>
            ))}
          </ul>
        )}
      </section>
    </div>
  );
}
