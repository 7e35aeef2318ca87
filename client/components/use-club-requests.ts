import { useState } from "react";
import type { ConnectionRequest } from "../../common/api/connections";
import { displayName } from "../../common/display-name";
import { format, m } from "../../common/messages";
import { errorText, useApi, useResource } from "../lib/use-resource";
import type { Notice } from "./form";

const t = m.clubForm;

/**
 * A club's pending join requests (the server filters the caller's received requests by club:
 * only those who may answer them get any) and answering one. An answered request leaves the
 * list and `notice` says what happened; `onAccepted` lets the screen show the new member. A
 * failure is worded with the server's detail when `serverDetail` (else the plain fallback).
 */
export function useClubRequests(
  clubId: number,
  { onAccepted, serverDetail }: { onAccepted: () => Promise<void>; serverDetail: boolean },
) {
  const api = useApi();
  const requests = useResource(
    ["connection-requests", "received", "club", clubId],
    (a) => a.get<ConnectionRequest[]>(`/api/connection-requests/received?club_id=${clubId}&limit=100`),
    { fallback: t.requestsFailed },
  );
  const [notice, setNotice] = useState<Notice>(null);
  const [busy, setBusy] = useState<number | null>(null);

  const answer = async (request: ConnectionRequest, accept: boolean) => {
    setBusy(request.id);
    setNotice(null);
    try {
      if (accept) await api.post(`/api/connection-requests/${request.id}/accept`);
      else await api.del(`/api/connection-requests/${request.id}`);
      requests.setData((list) => (list ?? []).filter((r) => r.id !== request.id));
      setNotice({
        kind: "success",
        text: accept ? format(t.accepted, { name: displayName(request.user) }) : t.declined,
      });
      if (accept) await onAccepted();
    } catch (error) {
      const fallback = accept ? t.acceptFailed : t.declineFailed;
      setNotice({ kind: "error", text: serverDetail ? errorText(error, fallback) : fallback });
    } finally {
      setBusy(null);
    }
  };

  return { requests, notice, busy, answer };
}
