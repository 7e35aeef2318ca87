import { useCallback } from "react";
import type { MyOpenReport } from "../../../common/api/reports";
import type { ReportTarget } from "../../../common/reports";
import { useResource } from "../../lib/use-resource";
import { useSession } from "../session-provider";

/**
 * The caller's open reports, loaded once and shared by every Report button on the screen (one
 * query key), so "Reported" survives a reload. A failed load just shows Report buttons.
 */
export function useMyReports() {
  const { user } = useSession();
  const mine = useResource(["reports", "mine"], (api) => api.get<MyOpenReport[]>("/api/reports/mine"), {
    enabled: !!user,
  });
  const { data, setData } = mine;
  const has = useCallback(
    (type: ReportTarget, id: number) =>
      (data ?? []).some((r) => r.target_type === type && r.target_id === id),
    [data],
  );
  const add = useCallback(
    (type: ReportTarget, id: number) =>
      setData((list) => [{ target_type: type, target_id: id }, ...(list ?? [])]),
    [setData],
  );
  return { signedIn: !!user, has, add };
}
