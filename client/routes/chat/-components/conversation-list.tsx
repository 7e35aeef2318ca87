import { Link } from "@tanstack/react-router";
import Inbox from "lucide-react/icons/inbox";
import type { ReactNode } from "react";
import type { Conversation } from "../../../../common/api/chat";
import { format, m } from "../../../../common/messages";
import { Avatar } from "../../../components/avatar";
import { Alert } from "../../../components/form";
import { LastMessage, UnreadCount } from "../../../components/last-message";
import type { Resource } from "../../../lib/use-resource";
import type { ChatTarget } from "../-lib/chat-fetch";

const t = m.chatPage;

type ItemsProps = {
  conversations: Resource<Conversation[]>;
  active?: ChatTarget;
  myId: number;
  onPick?: () => void;
  empty?: ReactNode;
};

/** Every conversation with its last message, time and unread count; the open one is marked. */
export function ConversationList(props: ItemsProps & { active: ChatTarget }) {
  return (
    <nav className="chat__list" aria-labelledby="chat-list-title">
      <h2 id="chat-list-title" className="chat__list-title">
        {t.conversations}
      </h2>
      <ConversationItems {...props} />
    </nav>
  );
}

/**
 * The way into the "Message requests" folder, above the conversations: message requests are
 * not listed with them (strangers' messages wait there until accepted).
 */
function RequestsFolder({ conversations, onPick }: { conversations: Conversation[]; onPick?: () => void }) {
  const waiting = conversations.filter((convo) => convo.request);
  const unread = waiting.reduce((sum, convo) => sum + convo.unread_count, 0);
  const r = m.messageRequestsPage;
  return (
    <Link to="/chats/requests" className="convo convo--folder" onClick={onPick} data-testid="requests-folder">
      <span className="convo__folder-icon" aria-hidden="true">
        <Inbox size={20} />
      </span>
      <span className="convo__body">
        <span className="convo__name">
          {r.folder}
          {waiting.length > 0 ? <span className="convo__folder-count">({waiting.length})</span> : null}
          <UnreadCount count={unread} />
        </span>
        <span className="last-message last-message--empty">{r.folderHint}</span>
      </span>
    </Link>
  );
}

/** Under the sender's own request in the list: the other person has not accepted yet. */
function AwaitingNote({ convo }: { convo: Conversation }) {
  if (!convo.awaiting_acceptance) return null;
  return <span className="convo__note">{m.messageRequestsPage.sentAsRequest}</span>;
}

/** The list itself (also the chat inbox, /chats), with its loading, error and empty states. */
export function ConversationItems({ conversations, active, myId, onPick, empty }: ItemsProps) {
  const all = conversations.data;
  const list = all?.filter((convo) => !convo.request) ?? null;
  return (
    <>
      {all ? <RequestsFolder conversations={all} onPick={onPick} /> : null}
      {conversations.error && !list ? (
        <Alert>{t.failedConversations}</Alert>
      ) : !list ? (
        <div className="skeleton skeleton--line" />
      ) : list.length === 0 ? (
        (empty ?? <p className="muted chat__list-empty">{t.noConversations}</p>)
      ) : (
        <ul className="convo-list">
          {list.map((convo) => {
            const current = !!active && convo.type === active.type && convo.id === active.id;
            const common = {
              className: current ? "convo convo--active" : "convo",
              "aria-current": current ? ("page" as const) : undefined,
              onClick: onPick,
              "data-testid": "conversation",
            };
            const body = (
              <>
                <Avatar src={convo.image_url} name={convo.name} size={40} />
                <span className="convo__body">
                  <span className="convo__name">
                    {convo.type === "announcements"
                      ? format(m.avisos.listName, { club: convo.name })
                      : convo.name}
                    <UnreadCount count={current ? 0 : convo.unread_count} />
                  </span>
                  <LastMessage
                    content={convo.last_message_content}
                    at={convo.last_message_at}
                    mine={convo.last_message_sender_id === myId}
                    hasImage={convo.last_message_has_image}
                    deleted={convo.last_message_deleted}
                  />
                  <AwaitingNote convo={convo} />
                </span>
              </>
            );
            return (
              <li key={`${convo.type}:${convo.id}`}>
                {convo.type === "announcements" ? (
                  <Link to="/chat/announcements/$clubId" params={{ clubId: String(convo.id) }} {...common}>
                    {body}
                  </Link>
                ) : convo.type === "club" ? (
                  <Link to="/chat/club/$clubId" params={{ clubId: String(convo.id) }} {...common}>
                    {body}
                  </Link>
                ) : (
                  <Link to="/chat/user/$userId" params={{ userId: String(convo.id) }} {...common}>
                    {body}
                  </Link>
                )}
              </li>
            );
          })}
        </ul>
      )}
    </>
  );
}
