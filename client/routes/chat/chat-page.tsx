import { getRouteApi } from "@tanstack/react-router";
import { useEffect, useState } from "react";
import type { Conversation } from "../../../common/api/chat";
import { m } from "../../../common/messages";
import { useSession } from "../../components/session-provider";
import { PageSkeleton } from "../../components/skeleton";
import { offerPush } from "../../lib/push";
import { useResource } from "../../lib/use-resource";
import { ConversationList } from "./-components/conversation-list";
import { Thread } from "./-components/thread";
import type { ChatTarget } from "./-lib/chat-fetch";

const clubRoute = getRouteApi("/authed/chat/club/$clubId");
const userRoute = getRouteApi("/authed/chat/user/$userId");
const announcementsRoute = getRouteApi("/authed/chat/announcements/$clubId");

/** The conversation list refreshes this often (the open thread polls every 2 s on its own). */
const LIST_REFRESH_MS = 10_000;

function toId(value: string): number {
  const id = Number(value);
  return Number.isInteger(id) && id > 0 ? id : 0;
}

export function ClubChatPage() {
  const { clubId } = clubRoute.useParams();
  return <ChatScreen target={{ type: "club", id: toId(clubId) }} />;
}

export function AnnouncementsChatPage() {
  const { clubId } = announcementsRoute.useParams();
  return <ChatScreen target={{ type: "announcements", id: toId(clubId) }} />;
}

export function UserChatPage() {
  const { userId } = userRoute.useParams();
  return <ChatScreen target={{ type: "user", id: toId(userId) }} />;
}

/**
 * Conversation list beside the open thread; on phones they are two views (the thread first, a
 * back button to the list, picking a conversation returns to the thread).
 */
function ChatScreen({ target }: { target: ChatTarget }) {
  const { user } = useSession();
  const [view, setView] = useState<"thread" | "list">("thread");
  const conversations = useResource(
    ["conversations"],
    (api) => api.get<Conversation[]>("/api/messages/conversations"),
    { fallback: m.chatPage.failedConversations, refetchInterval: LIST_REFRESH_MS },
  );
  const { reload } = conversations;

  // biome-ignore lint/correctness/useExhaustiveDependencies: a new target shows its thread
  useEffect(() => {
    setView("thread");
  }, [target.type, target.id]);
  // Opening a chat is a moment when hearing about replies matters: the push card may appear.
  useEffect(() => offerPush(), []);

  if (!user) return <PageSkeleton />;
  const open = conversations.data?.find((row) => row.type === target.type && row.id === target.id);
  return (
    <div className="chat" data-view={view}>
      <ConversationList
        conversations={conversations}
        active={target}
        myId={user.id}
        onPick={() => setView("thread")}
      />
      <Thread
        key={`${target.type}:${target.id}`}
        target={target}
        myId={user.id}
        onBack={() => setView("list")}
        onActivity={() => void reload()}
        request={open?.request ?? false}
        awaitingAcceptance={open?.awaiting_acceptance ?? false}
      />
    </div>
  );
}
