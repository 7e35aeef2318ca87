import { useCallback, useEffect, useRef, useState } from "react";
import type { ChatMessage } from "../../../../common/api/chat";
import { m } from "../../../../common/messages";
import { ApiError } from "../../../lib/api";
import { errorText, useApi } from "../../../lib/use-resource";
import { type ChatTarget, threadPath } from "./chat-fetch";
import { type OutboxItem, outboxKey, readOutbox, setOutboxState, settleOutbox, writeOutbox } from "./outbox";
import { forgetPhoto, keepPhoto, photoOf } from "./outbox-photos";

export type Outbox = {
  items: OutboxItem[];
  /** Shows the message at once as "Sending…" and sends it (with a photo, as a form). */
  send: (content: string, replyTo: ChatMessage | null, image?: File | null) => void;
  /** Sends a failed one again, with the same client_id. */
  retry: (clientId: string) => void;
};

/** A refusal (muted, too long, blocked) will not change by retrying: the person is told why. */
function isRefusal(cause: unknown): boolean {
  return (
    cause instanceof ApiError &&
    cause.status >= 400 &&
    cause.status < 500 &&
    cause.status !== 408 &&
    cause.status !== 429
  );
}

/** The send as a form: every field as text, and the photo. */
function photoForm(fields: Record<string, unknown>, photo: File): FormData {
  const form = new FormData();
  for (const [name, value] of Object.entries(fields)) form.append(name, String(value));
  form.append("image", photo);
  return form;
}

function newClientId(): string {
  return crypto.randomUUID();
}

/**
 * The conversation's unsent messages (./outbox.ts): each shown at once, sent with its client_id,
 * kept in localStorage until the server has it. A failed send (no signal, a server error) stays
 * as "Not sent · Retry"; a refused one (4xx) leaves the outbox and `onRefused` puts its text back
 * in the box with the server's reason.
 */
export function useOutbox({
  target,
  myId,
  arrived,
  onSent,
  onRefused,
}: {
  target: ChatTarget;
  myId: number;
  /** The thread's messages: one carrying a pending client_id settles it (the answer was lost). */
  arrived: ChatMessage[];
  onSent: (message: ChatMessage) => void;
  onRefused: (item: OutboxItem, reason: string) => void;
}): Outbox {
  const api = useApi();
  const key = outboxKey(myId, `${target.type}:${target.id}`);
  const [items, setItems] = useState<OutboxItem[]>([]);
  const latest = useRef(items);
  const callbacks = useRef({ onSent, onRefused });
  callbacks.current = { onSent, onRefused };

  const change = useCallback(
    (next: (items: OutboxItem[]) => OutboxItem[]) => {
      latest.current = next(latest.current);
      writeOutbox(window.localStorage, key, latest.current);
      setItems(latest.current);
    },
    [key],
  );

  // Read after hydration: the server rendered no outbox.
  useEffect(() => {
    latest.current = readOutbox(window.localStorage, key);
    setItems(latest.current);
  }, [key]);

  useEffect(() => {
    if (latest.current.some((item) => arrived.some((msg) => msg.client_id === item.client_id)))
      change((now) => settleOutbox(now, arrived));
  }, [arrived, change]);

  const deliver = useCallback(
    async (item: OutboxItem) => {
      change((now) => setOutboxState(now, item.client_id, "sending"));
      try {
        const body: Record<string, unknown> = { content: item.content, client_id: item.client_id };
        if (item.reply_to) body.reply_to = item.reply_to.id;
        const photo = item.has_image ? photoOf(item.client_id) : null;
        if (item.has_image && !photo && !item.content) {
          // Its photo did not survive a reload and there is no text to send instead.
          change((now) => now.filter((other) => other.client_id !== item.client_id));
          return;
        }
        const message = await api.post<ChatMessage>(threadPath({ type: target.type, id: target.id }), {
          ...(photo ? { multipart: photoForm(body, photo) } : { json: body }),
          fallback: m.chatPage.failedSend,
        });
        forgetPhoto(item.client_id);
        change((now) => now.filter((other) => other.client_id !== item.client_id));
        callbacks.current.onSent(message);
      } catch (cause) {
        if (isRefusal(cause)) {
          forgetPhoto(item.client_id);
          change((now) => now.filter((other) => other.client_id !== item.client_id));
          callbacks.current.onRefused(item, errorText(cause, m.chatPage.failedSend));
        } else {
          change((now) => setOutboxState(now, item.client_id, "failed"));
        }
      }
    },
    [api, change, target.type, target.id],
  );

  const send = useCallback(
    (content: string, replyTo: ChatMessage | null, image?: File | null) => {
      const item: OutboxItem = {
        client_id: newClientId(),
        content,
        ...(image ? { has_image: true } : {}),
        reply_to: replyTo
          ? {
              id: replyTo.id,
              sender_display_name: replyTo.sender_display_name,
              content: replyTo.content.slice(0, 120),
              deleted: !!replyTo.deleted,
              hidden: false,
            }
          : null,
        created_at: new Date().toISOString(),
        state: "sending",
      };
      if (image) keepPhoto(item.client_id, image);
      change((now) => [...now, item]);
      void deliver(item);
    },
    [change, deliver],
  );

  const retry = useCallback(
    (clientId: string) => {
      const item = latest.current.find((other) => other.client_id === clientId);
      if (item && item.state === "failed") void deliver(item);
    },
    [deliver],
  );

  return { items, send, retry };
}
