import { Link } from "@tanstack/react-router";
import Info from "lucide-react/icons/info";
import { type ReactNode, useEffect, useRef, useState } from "react";
import type { ChatMessage } from "../../../../common/api/chat";
import { format, m } from "../../../../common/messages";
import { Alert, MultiLine } from "../../../components/form";
import { useDirectBlock } from "../../../components/safety/use-direct-block";
import { useSession } from "../../../components/session-provider";
import { PageSkeleton } from "../../../components/skeleton";
import { useApi } from "../../../lib/use-resource";
import type { ChatTarget } from "../-lib/chat-fetch";
import { chatModeration } from "../-lib/chat-moderation";
import { useChatThread } from "../-lib/use-chat-thread";
import { useJumpToMessage } from "../-lib/use-jump-to-message";
import { useOutbox } from "../-lib/use-outbox";
import { usePinnedMessage } from "../-lib/use-pinned-message";
import { useScrollToMessage } from "../-lib/use-scroll-to-message";
import { AvisosReadOnlyNote } from "./avisos-peer";
import type { BubbleContext } from "./bubble";
import { Composer, type Refusal } from "./composer";
import { MessageList } from "./message-list";
import { PinnedBanner } from "./pinned-banner";
import { ReadReceipt } from "./read-receipt";
import { RequestBanner, SentAsRequestNote } from "./request-banner";
import { ThreadHeader } from "./thread-header";
import { useChatPeer } from "./use-chat-peer";

const t = m.chatPage;

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
  const peer = useChatPeer(target, myId, user?.role === "admin");
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

  const { reveal, replace, drop } = thread;
  const { highlightId, note: jumpNote, setNote: setJumpNote, jumpTo } = useJumpToMessage(reveal, listRef);

  const pinnedMessage = pinned.data?.message ?? null;
  const { setData: setPinned, reload: reloadPinned } = pinned;
  // The pinned message deleted (here or live): the chat no longer shows it pinned.
  const pinnedGone = thread.messages.some((message) => message.id === pinnedMessage?.id && message.deleted);
  useEffect(() => {
    if (pinnedGone) void reloadPinned();
  }, [pinnedGone, reloadPinned]);
  const moderation = peer.data?.canModerate
    ? chatModeration({
        api,
        pinnedId: pinnedMessage?.id ?? null,
        setPinned,
        setNote: setJumpNote,
        onDeleted: (message) => ctx.onDeleted(message),
      })
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
      <ThreadHeader target={target} peer={peer.data ?? undefined} onBack={onBack} />
      {body}
    </section>
  );
}
