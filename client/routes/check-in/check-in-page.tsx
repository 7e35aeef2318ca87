import ScanLine from "lucide-react/icons/scan-line";
import { type FormEvent, useCallback, useEffect, useRef, useState } from "react";
import type { CheckInResult } from "../../../common/api/check-ins";
import { format, m } from "../../../common/messages";
import { announce } from "../../components/announcer";
import { Alert, describedBy, Field, MultiLine } from "../../components/form";
import { ApiError } from "../../lib/api";
import { useApi } from "../../lib/use-resource";
import { QrScanner } from "./-components/qr-scanner";
import {
  codeFromScan,
  enqueueCheckIn,
  flushQueue,
  type QueuedCheckIn,
  type SendOutcome,
} from "./-lib/offline-queue";
import { checkInRoute } from "./route";

const t = m.checkIns;
type Status = { kind: "success" | "error" | "info"; text: string } | null;

/** What the person reads once the server has their check-in (new, or the one already there). */
function sentStatus(status: CheckInResult["status"], presentText: string): Status {
  if (status === "pending") return { kind: "info", text: t.queuedPending };
  if (status === "rejected") return { kind: "error", text: t.alreadyRejected };
  return { kind: "success", text: presentText };
}

/**
 * A member checks in: by scanning the owner's QR code or typing its six digits. Without signal
 * the check-in waits on the phone with its time and goes when the phone is back online.
 */
export function CheckInPage() {
  const { postId } = checkInRoute.useParams();
  const search = checkInRoute.useSearch();
  const id = Number(postId);
  const api = useApi();
  const [code, setCode] = useState(search.code ?? "");
  const [busy, setBusy] = useState(false);
  const [scanning, setScanning] = useState(false);
  const [status, setStatus] = useState<Status>(null);
  const [fieldError, setFieldError] = useState<string | null>(null);
  const started = useRef(false);

  const send = useCallback(
    // Sent at once, the server's clock judges the code; a queued one carries the phone's time.
    async (item: QueuedCheckIn, queued = true): Promise<SendOutcome> => {
      try {
        const done = await api.post<CheckInResult>(`/api/posts/${item.postId}/check-ins`, {
          json: queued ? { code: item.code, checked_in_at: item.at } : { code: item.code },
          fallback: t.failed,
        });
        return { kind: "sent", status: done.status };
      } catch (error) {
        if (error instanceof ApiError && error.status === 0) return { kind: "offline" };
        return { kind: "refused", message: (error as Error).message || t.failed };
      }
    },
    [api],
  );

  const show = useCallback((next: Status) => {
    setStatus(next);
    if (next) announce(next.text);
  }, []);

  const submit = async (value: string) => {
    const digits = value.replace(/[\s-]/g, "");
    if (!/^\d{6}$/.test(digits)) {
      setFieldError(t.codeFormat);
      document.getElementById("check-in-code")?.focus();
      return;
    }
    setFieldError(null);
    setBusy(true);
    const item = { postId: id, code: digits, at: new Date().toISOString() };
    if (typeof navigator !== "undefined" && navigator.onLine === false) {
      enqueueCheckIn(localStorage, item);
      show({ kind: "info", text: t.queued });
      setBusy(false);
      return;
    }
    const outcome = await send(item, false);
    if (outcome.kind === "sent") show(sentStatus(outcome.status, t.checkedIn));
    else if (outcome.kind === "offline") {
      enqueueCheckIn(localStorage, item);
      show({ kind: "info", text: t.queued });
    } else show({ kind: "error", text: outcome.message });
    setBusy(false);
  };

  // Waiting check-ins go now and whenever the phone comes back online.
  useEffect(() => {
    const flush = async () => {
      for (const { postId: queued, outcome } of await flushQueue(localStorage, (item) => send(item))) {
        if (queued !== id) continue;
        if (outcome.kind === "sent") show(sentStatus(outcome.status, t.queuedSent));
        if (outcome.kind === "refused")
          show({ kind: "error", text: format(t.queuedRefused, { reason: outcome.message }) });
      }
    };
    void flush();
    window.addEventListener("online", flush);
    return () => window.removeEventListener("online", flush);
  }, [id, send, show]);

  // Opened from the QR code with the phone's camera app: the code is in the address.
  // biome-ignore lint/correctness/useExhaustiveDependencies: once, on arrival
  useEffect(() => {
    if (search.code && !started.current) {
      started.current = true;
      void submit(search.code);
    }
  }, []);

  // biome-ignore lint/correctness/useExhaustiveDependencies: submit reads the latest state
  const onScan = useCallback((text: string) => {
    setScanning(false);
    const scanned = codeFromScan(text);
    if (!scanned) {
      setFieldError(t.codeFormat);
      return;
    }
    setCode(scanned);
    void submit(scanned);
  }, []);

  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    void submit(code);
  };

  return (
    <div className="page check-in-page">
      <div className="page__header">
        <div>
          <h1 className="page__title">{t.checkInTitlePlain}</h1>
          <p className="page__intro">{t.checkInIntro}</p>
        </div>
      </div>
      {status ? (
        <Alert kind={status.kind}>
          <MultiLine text={status.text} />
        </Alert>
      ) : null}
      {scanning ? (
        <QrScanner onRead={onScan} onClose={() => setScanning(false)} />
      ) : (
        <button type="button" className="button button--secondary" onClick={() => setScanning(true)}>
          <ScanLine aria-hidden="true" size={18} />
          {t.scan}
        </button>
      )}
      <form className="check-in-form" onSubmit={onSubmit} noValidate>
        <Field id="check-in-code" label={t.codeInput} error={fieldError ?? undefined} required>
          <input
            id="check-in-code"
            name="code"
            className="input check-in-form__code"
            inputMode="numeric"
            autoComplete="one-time-code"
            maxLength={7}
            value={code}
            aria-invalid={fieldError ? true : undefined}
            aria-describedby={describedBy("check-in-code", { error: fieldError })}
            onChange={(e) => {
              setCode(e.target.value);
              setFieldError(null);
            }}
          />
        </Field>
        <button type="submit" className="button button--primary" disabled={busy}>
          {busy ? t.checkingIn : t.checkIn}
        </button>
      </form>
    </div>
  );
}
