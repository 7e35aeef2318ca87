import { useSyncExternalStore } from "react";
import { m } from "../../common/messages";
import { ConfirmDialog } from "./confirm-dialog";

/**
 * The app's own "are you sure?" in place of the browser's confirm(): `askToConfirm()` from any
 * handler resolves true or false once the person answers the ConfirmDialog that <ConfirmHost />
 * (mounted once, in the root) shows: focus trapped, Escape and Cancel say no, in the page's
 * language. One question at a time; a second one answers the first with no.
 */
export type ConfirmRequest = {
  message: string;
  title?: string;
  confirmLabel?: string;
};

type Pending = ConfirmRequest & { answer: (yes: boolean) => void };

let pending: Pending | null = null;
const listeners = new Set<() => void>();

function setPending(next: Pending | null) {
  pending = next;
  for (const listener of listeners) listener();
}

export function askToConfirm(request: ConfirmRequest): Promise<boolean> {
  pending?.answer(false);
  return new Promise((resolve) => {
    const entry: Pending = {
      ...request,
      answer: (yes) => {
        if (pending === entry) setPending(null);
        resolve(yes);
      },
    };
    setPending(entry);
  });
}

const subscribe = (listener: () => void) => {
  listeners.add(listener);
  return () => listeners.delete(listener);
};

export function ConfirmHost() {
  const current = useSyncExternalStore(
    subscribe,
    () => pending,
    () => null,
  );
  if (!current) return null;
  const t = m.shellCommon;
  return (
    <ConfirmDialog
      title={current.title ?? t.confirmTitle}
      message={current.message}
      confirmLabel={current.confirmLabel ?? t.confirmProceed}
      cancelLabel={t.confirmCancel}
      onConfirm={() => current.answer(true)}
      onCancel={() => current.answer(false)}
    />
  );
}
