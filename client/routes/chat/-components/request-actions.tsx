import { useQueryClient } from "@tanstack/react-query";
import Check from "lucide-react/icons/check";
import { useState } from "react";
import { format, m } from "../../../../common/messages";
import { ActionMenu } from "../../../components/action-menu";
import { announce } from "../../../components/announcer";
import { ConfirmDialog } from "../../../components/confirm-dialog";
import { ReportDialog } from "../../../components/report/report-dialog";
import { useMyReports } from "../../../components/report/use-my-reports";
import { useBlocksChanged } from "../../../components/safety/block-cache";
import { errorText, useApi } from "../../../lib/use-resource";

const t = m.messageRequestsPage;

type Dialog = null | "delete" | "block" | "report";

/**
 * Accept, Delete and a "Block or report" menu for one message request. Accept and Delete ask
 * the server and then refresh the lists that show requests; `onDone` tells the screen which one
 * happened (the folder drops the row, an open chat leaves request mode or goes back).
 */
export function RequestActions({
  userId,
  name,
  onDone,
}: {
  userId: number;
  name: string;
  onDone: (what: "accepted" | "deleted" | "blocked") => void;
}) {
  const api = useApi();
  const queryClient = useQueryClient();
  const blocksChanged = useBlocksChanged();
  const reports = useMyReports();
  const [dialog, setDialog] = useState<Dialog>(null);
  const [reportBlocked, setReportBlocked] = useState(false);
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);

  const refresh = () => {
    void queryClient.invalidateQueries({ queryKey: ["conversations"] });
    void queryClient.invalidateQueries({ queryKey: ["message-requests"] });
    void queryClient.invalidateQueries({ queryKey: ["notifications"] });
  };

  const run = async (what: "accepted" | "deleted" | "blocked", call: () => Promise<unknown>) => {
    setBusy(true);
    setError(null);
    try {
      await call();
      setDialog(null);
      if (what === "blocked") blocksChanged();
      refresh();
      announce(
        what === "accepted"
          ? format(t.accepted, { name })
          : what === "deleted"
            ? t.deleted
            : format(m.safetyPage.blockedToast, { name }),
      );
      onDone(what);
    } catch (cause) {
      setError(errorText(cause, t.failedAction));
    } finally {
      setBusy(false);
    }
  };

  return (
    <div className="request-actions">
      <div className="button-row request-actions__row">
        <button
          type="button"
          className="button button--primary button--small"
          disabled={busy}
          onClick={() => void run("accepted", () => api.post(`/api/messages/requests/${userId}/accept`))}
        >
          <Check aria-hidden="true" size={16} />
          {t.accept}
        </button>
        <button
          type="button"
          className="button button--secondary button--small"
          disabled={busy}
          onClick={() => setDialog("delete")}
        >
          {t.delete}
        </button>
        <ActionMenu
          label={format(t.blockReportNamed, { name })}
          actions={[
            { label: m.safetyPage.block, danger: true, onSelect: () => setDialog("block") },
            ...(reports.has("user", userId)
              ? []
              : [{ label: m.reportUi.menuItem, onSelect: () => setDialog("report") }]),
          ]}
        />
      </div>
      {error ? (
        <p className="request-actions__error" role="alert">
          {error}
        </p>
      ) : null}
      {dialog === "delete" ? (
        <ConfirmDialog
          title={t.delete}
          message={format(t.deleteConfirm, { name })}
          confirmLabel={t.delete}
          cancelLabel={m.safetyPage.cancel}
          busy={busy}
          onCancel={() => setDialog(null)}
          onConfirm={() => void run("deleted", () => api.del(`/api/messages/requests/${userId}`))}
        />
      ) : null}
      {dialog === "block" ? (
        <ConfirmDialog
          title={format(m.safetyPage.blockNamed, { name })}
          message={format(m.safetyPage.blockConfirm, { name })}
          confirmLabel={m.safetyPage.block}
          cancelLabel={m.safetyPage.cancel}
          busy={busy}
          onCancel={() => setDialog(null)}
          onConfirm={() => void run("blocked", () => api.put(`/api/blocks/${userId}`))}
        />
      ) : null}
      {dialog === "report" ? (
        <ReportDialog
          type="user"
          id={userId}
          person={{ id: userId, name }}
          onClose={() => {
            setDialog(null);
            // Reported and blocked in one step: once the reporter has read what happens next,
            // the request goes as a Block would take it.
            if (reportBlocked) {
              blocksChanged();
              refresh();
              onDone("blocked");
            }
          }}
          onSent={(outcome) => {
            reports.add("user", userId);
            setReportBlocked(outcome.blocked);
          }}
        />
      ) : null}
    </div>
  );
}
