import { Link } from "@tanstack/react-router";
import MessageCircle from "lucide-react/icons/message-circle";
import { useState } from "react";
import type { Conversation } from "../../../../common/api/chat";
import type { ConnectionClub, ConnectionMember } from "../../../../common/api/connections";
import { displayName } from "../../../../common/display-name";
import { format, m } from "../../../../common/messages";
import { Avatar } from "../../../components/avatar";
import { askToConfirm } from "../../../components/confirm-host";
import { type Notice, NoticeAlert } from "../../../components/form";
import { LastMessage, UnreadCount } from "../../../components/last-message";
import { ResourceError } from "../../../components/resource-error";
import { PageSkeleton } from "../../../components/skeleton";
import { useMyConnections } from "../../../lib/shared-data";
import { useApi, useResource } from "../../../lib/use-resource";
import { ClubMembersGroups } from "./club-members-groups";

const t = m.connectionsPage;

/** Conversations keyed "club:1" / "user:2", for unread counts and the freshest last message. */
function indexConversations(list: Conversation[] | null): Map<string, Conversation> {
  return new Map((list ?? []).map((c) => [`${c.type}:${c.id}`, c]));
}

/**
 * The caller's clubs, for owners and admins the members of their clubs, and any other direct
 * conversations, each with the last message and a link to the chat.
 */
export function MyConnectionsTab() {
  const api = useApi();
  const connections = useMyConnections(t.failedLoad);
  // Unread counts are extra: without them (a failed load) the list still works.
  const conversations = useResource(["conversations"], (a) =>
    a.get<Conversation[]>("/api/messages/conversations"),
  );
  const [notice, setNotice] = useState<Notice>(null);
  const [busy, setBusy] = useState<string | null>(null);
  const byKey = indexConversations(conversations.data);

  /** `confirmText` null: the caller has already asked (the members' confirmation dialog). */
  const run = async (key: string, confirmText: string | null, path: string, success: string) => {
    if (confirmText !== null && !(await askToConfirm({ message: confirmText }))) return false;
    setBusy(key);
    setNotice(null);
    try {
      await api.del(path, { fallback: t.failedDisconnect });
      setNotice({ kind: "success", text: success });
      return true;
    } catch (error) {
      setNotice({ kind: "error", text: (error as Error).message || t.failedDisconnect });
      return false;
    } finally {
      setBusy(null);
    }
  };

  const disconnect = async (club: ConnectionClub) => {
    const done = await run(
      `club:${club.id}`,
      format(t.disconnectConfirm, { name: club.name }),
      `/api/connections/${club.id}`,
      format(t.disconnected, { name: club.name }),
    );
    if (done) connections.setData((d) => (d ? { ...d, clubs: d.clubs.filter((c) => c.id !== club.id) } : d));
  };

  const removeMember = async (member: ConnectionMember) => {
    const name = displayName(member);
    const done = await run(
      `member:${member.club_id}:${member.id}`,
      null,
      `/api/connections/${member.club_id}?user_id=${member.id}`,
      format(t.removed, { name, club: member.club_name }),
    );
    if (done)
      connections.setData((d) =>
        d
          ? {
              ...d,
              members: d.members.filter((x) => !(x.id === member.id && x.club_id === member.club_id)),
            }
          : d,
      );
    return done;
  };

  if (connections.error) {
    return <ResourceError resource={connections} />;
  }
  if (!connections.data) return <PageSkeleton lines={5} />;

  const { clubs, members } = connections.data;
  const memberIds = new Set(members.map((x) => x.id));
  const direct = (conversations.data ?? []).filter((c) => c.type === "user" && !memberIds.has(c.id));
  const ownsClubs = clubs.some((c) => c.is_owner);

  return (
    <div className="connections__mine">
      <NoticeAlert notice={notice} />

      <section aria-labelledby="connections-clubs" className="connections__section">
        <h2 id="connections-clubs" className="section-title">
          {t.clubs}
        </h2>
        {clubs.length === 0 ? (
          <div className="empty-state">
            <p>{t.empty}</p>
            <Link to="/clubs" className="button button--primary">
              {t.findClubs}
            </Link>
          </div>
        ) : (
          <ul className="conn-list">
            {clubs.map((club) => {
              const convo = byKey.get(`club:${club.id}`);
              return (
                <li key={club.id} className="conn-item" data-testid="connection-club">
                  <Avatar src={club.profile_image_url ?? club.image_url} name={club.name} size={48} />
                  <div className="conn-item__body">
                    <p className="conn-item__title">
                      <Link to="/clubs/$clubId" params={{ clubId: String(club.id) }}>
                        {club.name}
                      </Link>
                      {club.is_owner ? <span className="chip">{t.owner}</span> : null}
                      <UnreadCount count={convo?.unread_count ?? 0} />
                    </p>
                    {club.is_owner ? null : (
                      <LastMessage
                        content={convo?.last_message_content ?? club.last_message_content}
                        at={convo?.last_message_at ?? club.last_message_at}
                        hasImage={convo?.last_message_has_image}
                        deleted={convo?.last_message_deleted}
                      />
                    )}
                  </div>
                  {club.is_owner ? null : (
                    <div className="conn-item__actions">
                      <Link
                        to="/chat/club/$clubId"
                        params={{ clubId: String(club.id) }}
                        className="button button--secondary button--small"
                        aria-label={format(t.chatWith, { name: club.name })}
                      >
                        <MessageCircle aria-hidden="true" size={16} />
                        {t.chat}
                      </Link>
                      <button
                        type="button"
                        className="button button--ghost button--small"
                        disabled={busy === `club:${club.id}`}
                        onClick={() => void disconnect(club)}
                        aria-label={format(t.disconnectLabel, { name: club.name })}
                      >
                        {t.disconnect}
                      </button>
                    </div>
                  )}
                </li>
              );
            })}
          </ul>
        )}
      </section>

      {ownsClubs || members.length > 0 ? (
        <section aria-labelledby="connections-members" className="connections__section">
          <h2 id="connections-members" className="section-title">
            {t.members}
          </h2>
          {/* Said once here, not on every club the owner has. */}
          {ownsClubs ? <p className="muted connections__note">{t.ownerChatNote}</p> : null}
          {members.length === 0 ? (
            <p className="muted">{t.noMembers}</p>
          ) : (
            <ClubMembersGroups
              clubs={clubs.filter((club) => club.is_owner)}
              members={members}
              conversations={byKey}
              busy={busy}
              onRemove={removeMember}
            />
          )}
        </section>
      ) : null}

      {direct.length > 0 ? (
        <section aria-labelledby="connections-direct" className="connections__section">
          <h2 id="connections-direct" className="section-title">
            {t.directMessages}
          </h2>
          <ul className="conn-list">
            {direct.map((convo) => (
              <li key={convo.id} className="conn-item" data-testid="connection-direct">
                <Avatar src={convo.image_url} name={convo.name} size={48} />
                <div className="conn-item__body">
                  <p className="conn-item__title">
                    <Link to="/users/$userId" params={{ userId: String(convo.id) }}>
                      {convo.name}
                    </Link>
                    <UnreadCount count={convo.unread_count} />
                  </p>
                  <LastMessage content={convo.last_message_content} at={convo.last_message_at} />
                </div>
                <div className="conn-item__actions">
                  <Link
                    to="/chat/user/$userId"
                    params={{ userId: String(convo.id) }}
                    className="button button--secondary button--small"
                    aria-label={format(t.chatWith, { name: convo.name })}
                  >
                    <MessageCircle aria-hidden="true" size={16} />
                    {t.chat}
                  </Link>
                </div>
              </li>
            ))}
          </ul>
        </section>
      ) : null}
    </div>
  );
}
