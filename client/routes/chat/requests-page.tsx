import { Link } from "@tanstack/react-router";
import ArrowLeft from "lucide-react/icons/arrow-left";
import { m } from "../../../common/messages";
import { Avatar } from "../../components/avatar";
import { Alert } from "../../components/form";
import { LastMessage, UnreadCount } from "../../components/last-message";
import { PageSkeleton } from "../../components/skeleton";
import { RequestActions } from "./-components/request-actions";
import { RequestFacts, useMessageRequests } from "./-components/request-facts";

const t = m.messageRequestsPage;

/**
 * `/chats/requests`: the "Message requests" folder. Each request names the person (name,
 * school, clubs in common), shows their latest message, opens the conversation, and offers
 * Accept, Delete and Block or report.
 */
export function MessageRequestsPage() {
  const requests = useMessageRequests();
  const list = requests.data;
  return (
    <div className="page page--narrow inbox requests-page">
      <Link to="/chats" className="button button--ghost button--small requests-page__back">
        <ArrowLeft aria-hidden="true" size={16} />
        {t.back}
      </Link>
      <h1 className="page__title">{t.title}</h1>
      <p className="page__intro">{t.intro}</p>
      {requests.error && !list ? (
        <Alert>{requests.error}</Alert>
      ) : !list ? (
        <PageSkeleton lines={3} />
      ) : list.length === 0 ? (
        <p className="inbox__empty muted">{t.empty}</p>
      ) : (
        <ul className="request-list">
          {list.map((request) => (
            <li key={request.user_id} className="request-card card-panel" data-testid="message-request">
              <Link
                to="/chat/user/$userId"
                params={{ userId: String(request.user_id) }}
                className="request-card__open"
              >
                <Avatar src={request.profile_picture_url} name={request.display_name} size={48} />
                <span className="convo__body">
                  <span className="convo__name">
                    {request.display_name}
                    <UnreadCount count={request.unread_count} />
                  </span>
                  <LastMessage content={request.last_message_content} at={request.last_message_at} />
                  <span className="request-card__read">{t.read}</span>
                </span>
              </Link>
              <RequestFacts request={request} />
              <RequestActions
                userId={request.user_id}
                name={request.display_name}
                onDone={() =>
                  requests.setData((rows) => rows?.filter((row) => row.user_id !== request.user_id) ?? rows)
                }
              />
            </li>
          ))}
        </ul>
      )}
    </div>
  );
}
