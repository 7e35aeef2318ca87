import type { NoticeRow } from "./queries";

/** A notice just stored (or a chat notice whose count grew), as listeners receive it. */
export type CreatedNotice = NoticeRow;

type NoticeListener = (notices: CreatedNotice[]) => void | Promise<void>;

const listeners = new Set<NoticeListener>();

/**
 * The hook for delivery channels (Web Push, e-mail): `listener` hears every batch of notices
 * right after the statement that stored them, in this process. A batch may be thousands long
 * (a club post fanned out to its members): queue the work (pg-boss) rather than send inline.
 * The statement may be inside the caller's transaction, so a listener must not read the
 * notice back synchronously; the payload carries what a push needs (user_id, kind, the ids,
 * count). Skip `muted` notices (the recipient muted that club) and check the recipient's
 * per-kind settings (`kinds[kind].push`, src/features/notification-settings). Render the text
 * with `renderNoticeText` inside `inLocale(recipient's locale)`. Returns the unsubscribe.
 * A listener's error is logged (setNoticeErrorSink), never thrown to the action that caused it.
 */
export function onNoticeCreated(listener: NoticeListener): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

let reportError: (error: unknown) => void = (error) => console.error("notice listener failed", error);

/** Where listener errors go (app.ts points it at the app's logger). */
export function setNoticeErrorSink(sink: (error: unknown) => void): void {
  reportError = sink;
}

/** Tells every listener; a failing listener never fails the action that caused the notice. */
export function emitNoticesCreated(notices: CreatedNotice[]): void {
  const onError = (error: unknown) => reportError(error);
  if (notices.length === 0) return;
  for (const listener of listeners) {
    try {
      Promise.resolve(listener(notices)).catch(onError);
    } catch (error) {
      onError(error);
    }
  }
}
