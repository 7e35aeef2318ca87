import type { MessageRequest } from "../../../../common/api/message-requests";
import { format, m } from "../../../../common/messages";
import { useResource } from "../../../lib/use-resource";

const t = m.messageRequestsPage;

/** Same pace as the conversation list. */
const LIST_REFRESH_MS = 10_000;

/** The requests waiting for the user (shared by the folder and a request's chat). */
export function useMessageRequests() {
  return useResource(["message-requests"], (api) => api.get<MessageRequest[]>("/api/messages/requests"), {
    fallback: t.failedLoad,
    refetchInterval: LIST_REFRESH_MS,
  });
}

/** Who wrote: their school and the clubs both share (none, or it would be no request). */
export function RequestFacts({ request }: { request: MessageRequest }) {
  const clubs = request.shared_clubs.map((club) => club.name).join(", ");
  return (
    <ul className="request-facts">
      <li>{request.school ? format(t.school, { school: request.school }) : t.noSchool}</li>
      <li>{clubs ? format(t.sharedClubs, { clubs }) : t.noSharedClubs}</li>
    </ul>
  );
}
