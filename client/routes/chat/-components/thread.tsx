import { Link } from "@tanstack/react-router";
import ArrowLeft from "lucide-react/icons/arrow-left";
import Info from "lucide-react/icons/info";
import { type ReactNode, useCallback, useEffect, useRef, useState } from "react";
import type { ChatMessage } from "../../../../common/api/chat";
import type { PinnedJson } from "../../../../common/api/chat-pins";
import type { ClubDetail } from "../../../../common/api/clubs";
import type { Profile as ProfileJson } from "../../../../common/api/users";
import { displayName } from "../../../../common/display-name";
import { format, m } from "../../../../common/messages";
import { Avatar } from "../../../components/avatar";
import { askToConfirm } from "../../../components/confirm-host";
import { Alert, MultiLine } from "../../../components/form";
import { useDirectBlock } from "../../../components/safety/use-direct-block";
import { useSession } from "../../../components/session-provider";
import { PageSkeleton } from "../../../components/skeleton";
import { ApiError } from "../../../lib/api";
import { errorText, useApi, useResource } from "../../../lib/use-resource";
import type { ChatTarget } from "../-lib/chat-fetch";
import type { ChatModeration } from "../-lib/moderation-actions";
import { useChatThread } from "../-lib/use-chat-thread";
import { useOutbox } from "../-lib/use-outbox";
import { usePinnedMessage } from "../-lib/use-pinned-message";
import { useScrollToMessage } from "../-lib/use-scroll-to-message";
import { AvisosLink, AvisosReadOnlyNote, avisosPeer } from "./avisos-peer";
import type { BubbleContext } from "./bubble";
import { Composer, type Refusal } from "./composer";
import { MessageList } from "./message-list";
import { PinnedBanner } from "./pinned-banner";
import { ReadReceipt } from "./read-receipt";
import { RequestBanner, SentAsRequestNote } from "./request-banner";

const t = m.chatPage;

type Peer = {
  name: string;
  image: string | null;
  /** The signed-in user owns this club: its chat is closed to them (not its Avisos). */
  isOwner: boolean;
  /** May send here: false for a member in a club's Avisos (they read and react). */
  canWrite: boolean;
  /** An officer with moderate_chat (or an admin): pins, deletes others' messages. */
  canModerate: boolean;
};

type Profile = Pick<ProfileJson, "id" | "username" | "first_name" | "last_name" | "profile_picture_url">;

/** Who is on the other side: the club (and whether the user owns it) or the person. */
function usePeer(target: ChatTarget, myId: number, isAdmin: boolean) {
  return useResource<Peer>(["chat-peer", target.type, target.id, myId], async (api) => {
    try {
      if (target.type === "announcements") return await avisosPeer(api, target.id, myId, isAdmin);
      if (target.type === "club") {
        const club = await api.get<ClubDetail>(`/api/clubs/${target.id}`, { fallback: t.failedLoad });
        return {
          name: club.name,
          image: club.profile_image_url ?? club.image_url,
          isOwner: club.owner_id === myId,
          canWrite: true,
          canModerate: club.owner_id !== myId && (club.my_permissions ?? []).includes("moderate_chat"),
        };
      }
      const user = await api.get<Profile>(`/api/users/${target.id}`, { fallback: t.failedLoad });
      return {
        name: displayName(user),
        image: user.profile_picture_url,
        isOwner: false,
        canWrite: true,
        canModerate: false,
      };
    } catch (error) {
      if (error instanceof ApiError && error.status === 404) {
        throw new Error(target.type === "user" ? t.userNotFound : t.clubNotFound);
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
  const { user } = useSession();
  const peer = usePeer(target, myId, user?.role === "admin");
  const avisos = target.type === "announcements";
  // The owner stays out of the club's chat, not its Avisos (where they speak).
  const ownerOfClub = (peer.data?.isOwner ?? false) && !avisos;
  // Poll only once we know the user may read this chat (owners do not poll their club's chat).
  const thread = useChatThread(target, { enabled: !!peer.data && !ownerOfClub, onNewMessages: onActivity });
  const pinned = usePinnedMessage(target, !!peer.data && !ownerOfClub);
  const api = useApi();
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

  const pinnedMessage = pinned.data?.message ?? null;
  const { setData: setPinned, reload: reloadPinned } = pinned;
  // The pinned message deleted (here or live): the chat no longer shows it pinned.
  const pinnedGone = thread.messages.some((message) => message.id === pinnedMessage?.id && message.deleted);
  useEffect(() => {
    if (pinnedGone) void reloadPinned();
  }, [pinnedGone, reloadPinned]);
  const moderate = (action: () => Promise<void>, fallback: string) => {
    setJumpNote("");
    action().catch((cause) => setJumpNote(errorText(cause, fallback)));
  };
  const moderation: ChatModeration | undefined = peer.data?.canModerate
    ? {
        pinnedId: pinnedMessage?.id ?? null,
        pin: (message) =>
          moderate(async () => {
            setPinned(await api.post<PinnedJson>(`/api/messages/${message.id}/pin`));
          }, m.chatPins.pinFailed),
        unpin: (message) =>
          moderate(async () => {
            await api.del(`/api/messages/${message.id}/pin`);
            setPinned({ message: null, pinned_by: null, pinned_at: null });
          }, m.chatPins.unpinFailed),
        remove: (message) =>
          moderate(async () => {
            const ok = await askToConfirm({
              message: m.safetyPage.deleteMessageConfirm,
              confirmLabel: m.shellCommon.confirmDelete,
            });
            if (!ok) return;
            await api.del(`/api/messages/${message.id}`);
            ctx.onDeleted(message);
          }, m.safetyPage.failed),
      }
    : undefined;

  const ctx: BubbleContext = {
    moderation,
    myId,
    showSenders: target.type !== "user",
    canBlock: !blockedReason,
    canReply: peer.data?.canWrite ?? true,
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
      if (pinnedMessage?.id === message.id) void reloadPinned();
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
            {avisos ? m.avisos.name : target.type === "club" ? t.clubChat : t.directChat}
            {" · "}
            {target.type !== "user" ? (
              <Link to="/clubs/$clubId" params={{ clubId: String(target.id) }}>
                {t.viewClub}
              </Link>
            ) : (
              <Link to="/users/$userId" params={{ userId: String(target.id) }}>
                {t.viewProfile}
              </Link>
            )}
            {target.type === "club" ? <AvisosLink clubId={target.id} /> : null}
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
          <>
            {pinnedMessage ? (
              <PinnedBanner
                message={pinnedMessage}
                onJump={(id) => void jumpTo(id)}
                onUnpin={moderation ? () => moderation.unpin(pinnedMessage) : null}
              />
            ) : null}
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
                  <p className="chat__empty muted">
                    {avisos ? (peer.data.canWrite ? m.avisos.emptyWriter : m.avisos.empty) : t.empty}
                  </p>
                ) : null
              }
            />
          </>
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
        {peer.data.canWrite ? null : <AvisosReadOnlyNote />}
        {peer.data.canWrite ? (
          <Composer
            target={target}
            onTyping={thread.notifyTyping}
            blockedReason={blockedReason}
            replyTo={replyTo}
            onCancelReply={() => setReplyTo(null)}
            refusal={refusal}
            onSend={(content, image) => {
              outbox.send(content, replyTo, image);
              setReplyTo(null);
              setStick((n) => n + 1);
            }}
          />
        ) : null}
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
