import Flag from "lucide-react/icons/flag";
import { useState } from "react";
import { m } from "../../../common/messages";
import type { ReportTarget } from "../../../common/reports";
import { useBlocksChanged } from "../safety/block-cache";
import { ReportDialog } from "./report-dialog";
import { useMyReports } from "./use-my-reports";

/**
 * "Report" on a post, comment, chat message, club or person: opens the report dialog; once
 * sent (or already reported, read from the server) it reads "Reported" and does nothing more.
 * `compact` shows only the flag (with the same accessible name), for comments and chat bubbles.
 * `person` (a person reported) is offered to block in the same step. Nothing shows for guests.
 */
export function ReportButton({
  type,
  id,
  person = null,
  compact = false,
  className = "",
}: {
  type: ReportTarget;
  id: number;
  person?: { id: number; name: string } | null;
  compact?: boolean;
  className?: string;
}) {
  const t = m.reportUi;
  const mine = useMyReports();
  const blocksChanged = useBlocksChanged();
  const [open, setOpen] = useState(false);
  const [blocked, setBlocked] = useState(false);
  if (!mine.signedIn) return null;
  const reported = mine.has(type, id);
  const label = reported ? t.reported : t.menuItem;
  return (
    <>
      <button
        type="button"
        className={`report-button${compact ? " report-button--compact icon-button" : " button button--ghost button--small"}${reported ? " report-button--done" : ""} ${className}`}
        aria-disabled={reported || undefined}
        aria-label={compact ? label : undefined}
        title={reported ? t.reportedHint : compact ? label : undefined}
        data-testid="report-button"
        data-reported={reported || undefined}
        onClick={() => {
          if (!reported) setOpen(true);
        }}
      >
        <Flag aria-hidden="true" size={compact ? 16 : 18} fill={reported ? "currentColor" : "none"} />
        {compact ? null : label}
      </button>
      {open ? (
        <ReportDialog
          type={type}
          id={id}
          person={person}
          onClose={() => {
            setOpen(false);
            // Refreshed once the dialog is closed: the Block button beside this one turns to Unblock.
            if (blocked) blocksChanged();
          }}
          onSent={(outcome) => {
            mine.add(type, id);
            setBlocked(outcome.blocked);
          }}
        />
      ) : null}
    </>
  );
}
