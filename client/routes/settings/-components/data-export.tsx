import Download from "lucide-react/icons/download";
import FileArchive from "lucide-react/icons/file-archive";
import { useCallback, useEffect, useState } from "react";
import type { DataExportStatus } from "../../../../common/api/data-export";
import { formatDateTime } from "../../../../common/datetime";
import { format, m } from "../../../../common/messages";
import { Alert } from "../../../components/form";
import { downloadFile } from "../../../lib/download-file";
import { errorText, useApi, useResource } from "../../../lib/use-resource";

const PATH = "/api/users/me/data-export";
/** While the file is built, the status is asked again this often (the job takes seconds). */
const POLL_MS = 2000;

/**
 * "Download my data" on the user's own profile: ask for the file, watch it being built, then
 * download it (with the session's token) until it expires seven days later.
 */
export function DataExport() {
  const t = m.dataExport;
  const api = useApi();
  const [polling, setPolling] = useState(false);
  const current = useResource(["users", "me", "data-export"], (a) => a.get<DataExportStatus>(PATH), {
    fallback: t.failedLoad,
    refetchInterval: polling ? POLL_MS : undefined,
  });
  const status = current.data?.status ?? null;
  useEffect(() => setPolling(status === "pending"), [status]);
  const [busy, setBusy] = useState<"request" | "download" | null>(null);
  const [note, setNote] = useState<string | null>(null);
  const [actionError, setError] = useState<string | null>(null);
  const error = actionError ?? current.error;

  // Refused while a file is built or an action runs, but left focusable (aria-disabled, not
  // disabled): a keyboard user's focus stays on it instead of falling back to the page. A press
  // before the current status has come is kept and made once it has (or once its load failed):
  // sent at once, its answer could be overwritten by that older load's.
  const [queued, setQueued] = useState(false);
  const known = status !== null || current.error !== null;
  const unavailable = busy !== null || queued || status === "pending";
  const { setData } = current;
  const send = useCallback(async () => {
    setBusy("request");
    setError(null);
    setNote(null);
    try {
      setData(await api.post<DataExportStatus>(PATH, { fallback: m.dataExport.failedRequest }));
    } catch (e) {
      setError(errorText(e, m.dataExport.failedRequest));
    } finally {
      setBusy(null);
    }
  }, [api, setData]);
  const request = () => {
    if (unavailable) return;
    if (known) void send();
    else setQueued(true);
  };
  useEffect(() => {
    if (!queued || !known) return;
    setQueued(false);
    // A file already being built is what the press asked for.
    if (status !== "pending") void send();
  }, [queued, known, status, send]);

  const download = async () => {
    if (busy !== null) return;
    setBusy("download");
    setError(null);
    setNote(null);
    try {
      await downloadFile({
        path: `${PATH}/download`,
        fallbackName: "clubnica-data.zip",
        fallback: t.failedDownload,
      });
      setNote(t.downloaded);
    } catch (e) {
      setError(errorText(e, t.failedDownload));
      void current.reload();
    } finally {
      setBusy(null);
    }
  };

  const ready = status === "ready" && current.data?.expires_at;
  const state =
    status === "pending"
      ? t.preparing
      : ready
        ? format(t.ready, { until: formatDateTime(current.data?.expires_at) })
        : null;
  return (
    <section className="card-panel data-export" aria-labelledby="data-export-title" data-testid="data-export">
      <h2 className="profile__section-title" id="data-export-title">
        <FileArchive aria-hidden="true" size={18} /> {t.title}
      </h2>
      <p className="field__hint">{t.help}</p>
      <p className="data-export__state" role="status" data-testid="data-export-state">
        {state ?? note}
      </p>
      {state && note ? (
        <p className="field__hint" role="status">
          {note}
        </p>
      ) : null}
      <div className="data-export__actions">
        {ready ? (
          <button
            type="button"
            className="button button--primary button--small"
            onClick={download}
            aria-disabled={busy !== null}
          >
            <Download aria-hidden="true" size={16} /> {busy === "download" ? t.downloading : t.download}
          </button>
        ) : null}
        <button
          type="button"
          className={ready ? "button button--ghost button--small" : "button button--primary button--small"}
          onClick={request}
          aria-disabled={unavailable}
        >
          {ready ? t.requestAgain : t.request}
        </button>
      </div>
      {error ? <Alert>{error}</Alert> : null}
    </section>
  );
}
