import { Link } from "@tanstack/react-router";
import ArrowLeft from "lucide-react/icons/arrow-left";
import Info from "lucide-react/icons/info";
import { type ReactNode, useCallback, useEffect, useRef, useState } from "react";
import type { ChatMessage } from "../../../../common/api/chat";
import type { ClubDetail } from "../../../../common/api/clubs";
import type { Profile as ProfileJson } from "../../../../common/api/users";
import { displayName } from "../../../../common/display-name";
import { format, m } from "../../../../common/messages";
import { Avatar } from "../../../components/avatar";
import { Alert, MultiLine } from "../../../components/form";
import { useDirectBlock } from "../../../components/safety/use-direct-block";
import { PageSkeleton } from "../../../components/skeleton";
import { ApiError } from "../../../lib/api";
import { useResource } from "../../../lib/use-resource";
import type { ChatTarget } from "../-lib/chat-fetch";
import { useChatThread } from "../-lib/use-chat-thread";
import { useOutbox } from "../-lib/use-outbox";
import { useScrollToMessage } from "../-lib/use-scroll-to-message";
import type { BubbleContext } from "./bubble";
import { Composer, type Refusal } from "./composer";
import { MessageList } from "./message-list";
import { ReadReceipt } from "./read-receipt";
import { RequestBanner, SentAsRequestNote } from "./request-banner";

const t = m.chatPage;

type Peer = {
  name: string;
  image: string | null;
  /** The signed-in user owns this club: its chat is closed to them. */
  isOwner: boolean;
};

type Profile = Pick<ProfileJson, "id" | "username" | "first_name" | "last_name" | "profile_picture_url">;

/** Who is on the other side: the club (and whether the user owns it) or the person. */
function usePeer(target: ChatTarget, myId: number) {
  return useResource<Peer>(["chat-peer", target.type, target.id, myId], async (api) => {
    try {
      if (target.type === "club") {
        const club = await api.get<ClubDetail>(`/api/clubs/${target.id}`, { fallback: t.failedLoad });
        return {
          name: club.name,
          image: club.profile_image_url ?? club.image_url,
          isOwner: club.owner_id === myId,
        };
      }
      const user = await api.get<Profile>(`/api/users/${target.id}`, { fallback: t.failedLoad });
      return { name: displayName(user), image: user.profile_picture_url, isOwner: false };
    } catch (error) {
      if (error instanceof ApiError && error.status === 404) {
        throw new Error(target.type === "club" ? t.clubNotFound : t.userNotFound);
      }
      throw error;
    }
  });
}

/** How long a message gone to from a quote stays marked. */
const HIGHLIGHT_MS = 2000;

/** One conversation: header, messages (live, else polled every 2 s) and the message box. */
export function Thread({
  target,
  myId,
  onBack,
  onActivity,
  request = false,
  awaitingAcceptance = false,
}: {
  target: ChatTarget;
  myId: number;
  onBack: () => void;
  onActivity: () => void;
  /** A message request to the user: decide (accept, delete, block) before replying. */
  request?: boolean;
  /** The user's own request, not accepted yet. */
  awaitingAcceptance?: boolean;
}) {
  const peer = usePeer(target, myId);
  const ownerOfClub = peer.data?.isOwner ?? false;
  // Poll only once we know the user may read this chat (owners do not poll their club's chat).
  const thread = useChatThread(target, { enabled: !!peer.data && !ownerOfClub, onNewMessages: onActivity });
  const [stick, setStick] = useState(0);
  const blockedReason = useDirectBlock(target.id, target.type === "user");
  useScrollToMessage(thread.messages.length);
  const [replyTo, setReplyTo] = useState<ChatMessage | null>(null);
  const [refusal, setRefusal] = useState<Refusal | null>(null);
  const [highlightId, setHighlightId] = useState<number | null>(null);
  const [jumpNote, setJumpNote] = useState("");
  const listRef = useRef<HTMLDivElement>(null);
  const outbox = useOutbox({
    target,
    myId,
    arrived: thread.messages,
    onSent: (message) => {
      thread.add(message);
      onActivity();
    },
    onRefused: (item, reason) =>
      setRefusal((was) => ({ text: item.content, reason, seq: (was?.seq ?? 0) + 1 })),
  });

  useEffect(() => {
    if (highlightId === null) return;
    const timer = setTimeout(() => setHighlightId(null), HIGHLIGHT_MS);
    return () => clearTimeout(timer);
  }, [highlightId]);

  const { reveal, replace, drop } = thread;
  const jumpTo = useCallback(
    async (id: number) => {
      setJumpNote("");
      if (!(await reveal(id))) {
        setJumpNote(t.originalGone);
        return;
      }
      // After the page that holds it has been drawn.
      requestAnimationFrame(() => {
        const bubble = listRef.current?.querySelector<HTMLElement>(`[data-message-id="${id}"] [data-bubble]`);
        if (!bubble) return;
        const still = window.matchMedia("(prefers-reduced-motion: reduce)").matches;
        bubble.scrollIntoView({ block: "center", behavior: still ? "auto" : "smooth" });
        bubble.focus({ preventScroll: true });
        setHighlightId(id);
      });
    },
    [reveal],
  );

  const ctx: BubbleContext = {
    myId,
    showSenders: target.type === "club",
    canBlock: !blockedReason,
    list: () => listRef.current,
    onReply: setReplyTo,
    onJump: (id) => void jumpTo(id),
    onReplace: replace,
    onDeleted: (message) => {
      // A server that keeps tombstones shows "Message deleted" in place; an older one forgets it.
      if (message.deleted !== undefined)
        replace({ ...message, deleted: true, content: "", reactions: [], reply_to: null });
      else drop((other) => other.id !== message.id);
      if (replyTo?.id === message.id) setReplyTo(null);
    },
    onBlocked: (userId) => {
      // A club chat stops showing them; a direct chat keeps its history, closed.
      if (target.type === "club") drop((other) => other.sender_id !== userId);
    },
  };

  const header = (
    <header className="chat__header">
      <button type="button" className="icon-button chat__back" onClick={onBack}>
        <ArrowLeft aria-hidden="true" size={20} />
        <span className="visually-hidden">{t.allConversations}</span>
      </button>
      {peer.data ? <Avatar src={peer.data.image} name={peer.data.name} size={40} /> : null}
      {/* One heading element throughout, so focus put on it after navigating survives the load. */}
      <div className="chat__peer">
        <h1 className="chat__title">{peer.data ? peer.data.name : t.title}</h1>
        {peer.data ? (
          <p className="chat__kind">
            {target.type === "club" ? t.clubChat : t.directChat}
            {" · "}
            {target.type === "club" ? (
              <Link to="/clubs/$clubId" params={{ clubId: String(target.id) }}>
                {t.viewClub}
              </Link>
            ) : (
              <Link to="/users/$userId" params={{ userId: String(target.id) }}>
                {t.viewProfile}
              </Link>
            )}
          </p>
        ) : null}
      </div>
    </header>
  );

  let body: ReactNode;
  if (peer.error) {
    body = (
      <div className="chat__state">
        <Alert>
          <MultiLine text={peer.error} />
        </Alert>
      </div>
    );
  } else if (!peer.data) {
    body = <PageSkeleton lines={4} />;
  } else if (ownerOfClub) {
    body = (
      <div className="chat__state">
        <div className="alert alert--info chat__owner-note" role="note">
          <Info aria-hidden="true" size={20} />
          <p>{t.ownerNote}</p>
        </div>
        <Link to="/connections" className="button button--secondary">
          {t.ownerLink}
        </Link>
      </div>
    );
  } else if (thread.error && thread.messages.length === 0) {
    body = (
      <div className="chat__state">
        <Alert>
          <MultiLine text={thread.error} />
        </Alert>
        <button type="button" className="button button--ghost button--small" onClick={thread.retry}>
          {m.listCommon.retry}
        </button>
      </div>
    );
  } else {
    body = (
      <>
        {thread.loading ? (
          <p className="chat__state muted" role="status">
            {t.loading}
          </p>
        ) : (
          <MessageList
            messages={thread.messages}
            pending={outbox.items}
            stickSignal={stick}
            ctx={ctx}
            listRef={listRef}
            highlightId={highlightId}
            onRetry={outbox.retry}
            below={(message) =>
              message.sender_id === myId && message.id === thread.messages.at(-1)?.id ? (
                <ReadReceipt target={target} message={message} />
              ) : null
            }
            header={
              thread.hasEarlier ? (
                <div className="message-list__earlier">
                  <button
                    type="button"
                    className="button button--ghost button--small"
                    disabled={thread.loadingEarlier}
                    onClick={() => void thread.loadEarlier()}
                  >
                    {t.earlier}
                  </button>
                </div>
              ) : thread.messages.length === 0 ? (
                <p className="chat__empty muted">{t.empty}</p>
              ) : null
            }
          />
        )}
        <p className="chat__typing muted" aria-live="polite">
          {thread.typing ? format(t.typing, { name: peer.data.name }) : jumpNote}
        </p>
        {awaitingAcceptance && thread.messages.length > 0 ? (
          <SentAsRequestNote name={peer.data.name} />
        ) : null}
        {request && !blockedReason ? (
          <RequestBanner userId={target.id} name={peer.data.name} onAccepted={onActivity} />
        ) : null}
        <Composer
          target={target}
          onTyping={thread.notifyTyping}
          blockedReason={blockedReason}
          replyTo={replyTo}
          onCancelReply={() => setReplyTo(null)}
          refusal={refusal}
          onSend={(content) => {
            outbox.send(content, replyTo);
            setReplyTo(null);
            setStick((n) => n + 1);
          }}
        />
      </>
    );
  }

  return (
    // data-live says how messages arrive (the live connection, or the 2-second poll): for tests
    // and support, nothing is styled on it.
    <section
      className="chat__thread"
      aria-labelledby="chat-thread-title"
      data-live={thread.live ? "up" : "polling"}
    >
      <span id="chat-thread-title" className="visually-hidden">
        {peer.data?.name ?? t.title}
      </span>
      {header}
      {body}
    </section>
  );
}
