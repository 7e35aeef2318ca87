import { Link } from "@tanstack/react-router";
import type { ReactNode } from "react";
import type { Conversation } from "../../../../common/api/chat";
import { m } from "../../../../common/messages";
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

/** The list itself (also the chat inbox, /chats), with its loading, error and empty states. */
export function ConversationItems({ conversations, active, myId, onPick, empty }: ItemsProps) {
  const list = conversations.data;
  return (
    <>
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
                    {convo.name}
                    <UnreadCount count={current ? 0 : convo.unread_count} />
                  </span>
                  <LastMessage
                    content={convo.last_message_content}
                    at={convo.last_message_at}
                    mine={convo.last_message_sender_id === myId}
                  />
                </span>
              </>
            );
            return (
              <li key={`${convo.type}:${convo.id}`}>
                {convo.type === "club" ? (
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
