import { Link } from "@tanstack/react-router";
import type { Conversation } from "../../../common/api/chat";
import { m } from "../../../common/messages";
import { useSession } from "../../components/session-provider";
import { PageSkeleton } from "../../components/skeleton";
import { useResource } from "../../lib/use-resource";
import { ConversationItems } from "./-components/conversation-list";

/** Same pace as the list beside an open chat. */
const LIST_REFRESH_MS = 10_000;

/**
 * `/chats`: the chat inbox, every conversation (club chats and direct messages) newest first,
 * one tap from any signed-in page through the tab bar. Picking one opens its chat.
 */
export function ChatInboxPage() {
  const { user } = useSession();
  const t = m.inboxPage;
  const conversations = useResource(
    ["conversations"],
    (api) => api.get<Conversation[]>("/api/messages/conversations"),
    { fallback: m.chatPage.failedConversations, refetchInterval: LIST_REFRESH_MS },
  );
  if (!user) return <PageSkeleton />;
  return (
    <div className="page page--narrow inbox">
      <h1 className="page__title">{t.title}</h1>
      <p className="page__intro">{t.intro}</p>
      <nav className="inbox__list" aria-label={m.chatPage.conversations}>
        <ConversationItems
          conversations={conversations}
          myId={user.id}
          empty={
            <div className="inbox__empty">
              <p>{m.chatPage.noConversations}</p>
              <Link to="/clubs" className="button button--primary">
                {t.findClubs}
              </Link>
            </div>
          }
        />
      </nav>
    </div>
  );
}
