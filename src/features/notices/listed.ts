import type { Executor } from "../../lib/database/client";
import { type NoticeListRow, selectNoticesByIds } from "./list-queries";

export type ListedNotice = NoticeListRow;

/**
 * The notices' public read for other features (Web Push): these notices with the names and
 * pictures they show, read exactly as the notification list reads them.
 */
export function findListedNotices(db: Executor, ids: number[]): Promise<ListedNotice[]> {
  return selectNoticesByIds(db, ids);
}
