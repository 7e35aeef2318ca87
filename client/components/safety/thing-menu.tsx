import { type ReactNode, useState } from "react";
import { format, m } from "../../../common/messages";
import type { ReportTarget } from "../../../common/reports";
import { errorText, useApi } from "../../lib/use-resource";
import { ActionMenu, type MenuAction } from "../action-menu";
import { askToConfirm } from "../confirm-host";
import { ReportDialog } from "../report/report-dialog";
import { useMyReports } from "../report/use-my-reports";
import { useBlocksChanged } from "./block-cache";

/**
 * The one "⋯" menu on a chat message, a comment or a post: Report and Block on someone else's,
 * Delete on one's own (and any extra actions, such as an admin's delete), each destructive one
 * asked first in the app's own dialog. Replaces the rows of flag, block and bin icons.
 * Nothing shows for guests or when there is nothing to offer.
 */
export function ThingMenu(props: ThingActionsOptions) {
  const things = useThingActions(props);
  if (!things) return null;
  return (
    <>
      <ActionMenu label={m.shellCommon.moreActions} actions={things.actions} />
      {things.overlay}
    </>
  );
}

export type ThingActionsOptions = {
  type: ReportTarget;
  id: number;
  /** Who wrote it; null for a deleted account or a club's own post. */
  author: { id: number; name: string } | null;
  myId: number | null;
  /** Whether the viewer may delete it as theirs (a post: its club's owner); default: the author. */
  own?: boolean;
  canBlock?: boolean;
  onDelete?: () => Promise<void>;
  deleteLabel?: string;
  deleteConfirm?: string;
  onBlocked?: (userId: number) => void;
  extra?: MenuAction[];
};

/**
 * ThingMenu's actions without its "⋯" button, for a screen that opens them its own way (a chat
 * bubble: long-press, right-click, Enter): the actions, and what they may show (the report
 * dialog, a failure) to render beside the thing. Null when there is nothing to offer.
 */
export function useThingActions({
  type,
  id,
  author,
  myId,
  own: ownOverride,
  canBlock = true,
  onDelete,
  deleteLabel,
  deleteConfirm,
  onBlocked,
  extra = [],
}: ThingActionsOptions): { actions: MenuAction[]; overlay: ReactNode } | null {
  const api = useApi();
  const mine = useMyReports();
  const blocksChanged = useBlocksChanged();
  const [reporting, setReporting] = useState(false);
  const [blockedByReport, setBlockedByReport] = useState(false);
  const [status, setStatus] = useState<{ error: boolean; text: string } | null>(null);
  if (myId === null || !mine.signedIn) return null;
  const own = ownOverride ?? author?.id === myId;
  const reported = mine.has(type, id);

  const run = async (question: string, confirmLabel: string, action: () => Promise<void>) => {
    if (!(await askToConfirm({ message: question, confirmLabel }))) return;
    setStatus(null);
    try {
      await action();
    } catch (cause) {
      setStatus({ error: true, text: errorText(cause, m.safetyPage.failed) });
    }
  };

  const actions: MenuAction[] = [];
  if (!own) {
    actions.push({
      label: reported ? m.reportUi.reported : m.reportUi.menuItem,
      disabled: reported,
      onSelect: () => setReporting(true),
    });
  }
  if (author && !own && canBlock && onBlocked) {
    actions.push({
      label: format(m.safetyPage.blockNamed, { name: author.name }),
      danger: true,
      onSelect: () =>
        void run(format(m.safetyPage.blockConfirm, { name: author.name }), m.safetyPage.block, async () => {
          await api.put(`/api/blocks/${author.id}`);
          onBlocked(author.id);
          blocksChanged();
        }),
    });
  }
  if (own && onDelete && deleteLabel && deleteConfirm) {
    actions.push({
      label: deleteLabel,
      danger: true,
      onSelect: () => void run(deleteConfirm, m.shellCommon.confirmDelete, onDelete),
    });
  }
  actions.push(...extra);
  if (actions.length === 0) return null;

  const overlay = (
    <>
      <span
        className={status?.error ? "safety__status safety__status--error" : "visually-hidden"}
        role="status"
      >
        {status?.text ?? ""}
      </span>
      {reporting ? (
        <ReportDialog
          type={type}
          id={id}
          person={author}
          onClose={() => {
            setReporting(false);
            // Only now: hiding the blocked person's items would take this menu, and the dialog
            // saying what happens next, off the screen.
            if (blockedByReport && author) {
              onBlocked?.(author.id);
              blocksChanged();
            }
          }}
          onSent={(outcome) => {
            mine.add(type, id);
            setBlockedByReport(outcome.blocked);
          }}
        />
      ) : null}
    </>
  );
  return { actions, overlay };
}
