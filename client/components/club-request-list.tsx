import Check from "lucide-react/icons/check";
import X from "lucide-react/icons/x";
import type { ConnectionRequest } from "../../common/api/connections";
import { formatDate } from "../../common/datetime";
import { displayName } from "../../common/display-name";
import { format, m } from "../../common/messages";
import { JoinAnswers } from "./join-answers";

const t = m.clubForm;

/**
 * A club's pending join requests, each with its date, its answers and Accept / Decline (see
 * useClubRequests). `withUsername` adds the @username; `namedButtons` names the person and the
 * club in each button's accessible name.
 */
export function ClubRequestList({
  requests,
  busy,
  onAnswer,
  withUsername = false,
  namedButtons = false,
}: {
  requests: ConnectionRequest[];
  busy: number | null;
  onAnswer: (request: ConnectionRequest, accept: boolean) => void;
  withUsername?: boolean;
  namedButtons?: boolean;
}) {
  return (
    <ul className="request-list">
      {requests.map((request) => {
        const name = displayName(request.user);
        const labels = { name, club: request.club.name };
        return (
          <li key={request.id} className="request-list__item" data-testid="club-request">
            <div>
              <span className="member-list__name">{name}</span>{" "}
              {withUsername ? <span className="member-list__username">@{request.user.username}</span> : null}
              <span className="request-list__date">
                {format(t.requestedOn, { date: formatDate(request.created_at) })}
              </span>
              <JoinAnswers answers={request.answers} />
            </div>
            <div className="button-row">
              <button
                type="button"
                className="button button--primary button--small"
                onClick={() => onAnswer(request, true)}
                disabled={busy === request.id}
                aria-label={namedButtons ? format(m.connectionsPage.acceptLabel, labels) : undefined}
              >
                <Check aria-hidden="true" size={16} />
                {t.accept}
              </button>
              <button
                type="button"
                className="button button--secondary button--small"
                onClick={() => onAnswer(request, false)}
                disabled={busy === request.id}
                aria-label={namedButtons ? format(m.connectionsPage.declineLabel, labels) : undefined}
              >
                <X aria-hidden="true" size={16} />
                {t.decline}
              </button>
            </div>
          </li>
        );
      })}
    </ul>
  );
}
