import { Link } from "@tanstack/react-router";
import ArrowLeft from "lucide-react/icons/arrow-left";
import { m } from "../../../../common/messages";
import { Avatar } from "../../../components/avatar";
import type { ChatTarget } from "../-lib/chat-fetch";
import { AvisosLink } from "./avisos-peer";
import type { Peer } from "./use-chat-peer";

const t = m.chatPage;

/** A thread's header: back to the list, who is on the other side, and links to them. */
export function ThreadHeader({
  target,
  peer,
  onBack,
}: {
  target: ChatTarget;
  peer: Peer | undefined;
  onBack: () => void;
}) {
  const avisos = target.type === "announcements";
  return (
    <header className="chat__header">
      <button type="button" className="icon-button chat__back" onClick={onBack}>
        <ArrowLeft aria-hidden="true" size={20} />
        <span className="visually-hidden">{t.allConversations}</span>
      </button>
      {peer ? <Avatar src={peer.image} name={peer.name} size={40} /> : null}
      {/* One heading element throughout, so focus put on it after navigating survives the load. */}
      <div className="chat__peer">
        <h1 className="chat__title">{peer ? peer.name : t.title}</h1>
        {peer ? (
          <p className="chat__kind">
            {avisos ? m.avisos.name : target.type === "club" ? t.clubChat : t.directChat}
            {" · "}
            {target.type !== "user" ? (
              <Link to="/clubs/$clubId" params={{ clubId: String(target.id) }}>
                {t.viewClub}
              </Link>
            ) : (
              <Link to="/users/$userId" params={{ userId: String(target.id) }}>
                {t.viewProfile}
              </Link>
            )}
            {target.type === "club" ? <AvisosLink clubId={target.id} /> : null}
          </p>
        ) : null}
      </div>
    </header>
  );
}
