import { useNavigate } from "@tanstack/react-router";
import { format, m } from "../../../../common/messages";
import { RequestActions } from "./request-actions";
import { RequestFacts, useMessageRequests } from "./request-facts";

const t = m.messageRequestsPage;

/**
 * Above the message box while a chat is a message request to the user: who is writing
 * (school, clubs in common), what the sender can and cannot know, and Accept, Delete, Block or
 * report. Replying (the message box stays below) accepts as well.
 */
export function RequestBanner({
  userId,
  name,
  onAccepted,
}: {
  userId: number;
  name: string;
  onAccepted: () => void;
}) {
  const requests = useMessageRequests();
  const navigate = useNavigate();
  const request = requests.data?.find((row) => row.user_id === userId);
  return (
    <section className="request-banner" aria-labelledby="request-banner-title" data-testid="request-banner">
      <h2 id="request-banner-title" className="request-banner__title">
        {format(t.banner, { name })}
      </h2>
      {request ? <RequestFacts request={request} /> : null}
      <p>{format(t.bannerHint, { name })}</p>
      <RequestActions
        userId={userId}
        name={name}
        onDone={(what) => {
          if (what === "accepted") onAccepted();
          else void navigate({ to: "/chats/requests" });
        }}
      />
    </section>
  );
}

/** Under the sender's own messages while their request waits. */
export function SentAsRequestNote({ name }: { name: string }) {
  return (
    <p className="request-note" data-testid="sent-as-request">
      <strong>{t.sentAsRequest}</strong>
      {" · "}
      {format(t.sentAsRequestHint, { name })}
    </p>
  );
}
