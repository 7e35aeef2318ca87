import { Link } from "@tanstack/react-router";
import MessageCircle from "lucide-react/icons/message-circle";
import { useState } from "react";
import type { Conversation } from "../../../../common/api/chat";
import type { ConnectionClub, ConnectionMember } from "../../../../common/api/connections";
import { displayName } from "../../../../common/display-name";
import { format, m } from "../../../../common/messages";
import { ActionMenu } from "../../../components/action-menu";
import { Avatar } from "../../../components/avatar";
import { ConfirmDialog } from "../../../components/confirm-dialog";
import { LastMessage, UnreadCount } from "../../../components/last-message";

/**
 * An owner's members, grouped by club: each club a native disclosure (collapsible without
 * JavaScript too) whose summary shows how many members and unread messages it holds; each
 * member one compact row with Message, and Remove behind a menu and a confirmation.
 */
export function ClubMembersGroups({
  clubs,
  members,
  conversations,
  busy,
  onRemove,
}: {
  clubs: ConnectionClub[];
  members: ConnectionMember[];
  conversations: Map<string, Conversation>;
  busy: string | null;
  onRemove: (member: ConnectionMember) => Promise<boolean>;
}) {
  const t = m.connectionsPage;
  const s = m.screens.connections;
  const [confirming, setConfirming] = useState<ConnectionMember | null>(null);
  const byClub = new Map<number, ConnectionMember[]>();
  for (const member of members) byClub.set(member.club_id, [...(byClub.get(member.club_id) ?? []), member]);
  // The owner's clubs first, in their order; then any other club a member list names.
  const groups = [
    ...clubs.filter((club) => byClub.has(club.id)).map((club) => ({ id: club.id, name: club.name, club })),
    ...[...byClub.keys()]
      .filter((id) => !clubs.some((club) => club.id === id))
      .map((id) => ({ id, name: byClub.get(id)![0]!.club_name, club: null })),
  ];
  const unread = (member: ConnectionMember) => conversations.get(`user:${member.id}`)?.unread_count ?? 0;

  return (
    <>
      <ul className="member-groups">
        {groups.map((group) => {
          const list = byClub.get(group.id) ?? [];
          const waiting = list.reduce((sum, member) => sum + unread(member), 0);
          return (
            <li key={group.id}>
              <details
                className="member-group"
                data-testid="member-group"
                open={groups.length === 1 || waiting > 0 || undefined}
              >
                <summary className="member-group__summary">
                  <Avatar
                    src={group.club?.profile_image_url ?? group.club?.image_url}
                    name={group.name}
                    size={40}
                  />
                  <span className="member-group__title">
                    <span className="member-group__name">{group.name}</span>
                    <span className="member-group__count">{format(s.membersOf, { count: list.length })}</span>
                  </span>
                  <UnreadCount count={waiting} />
                </summary>
                <ul className="member-rows" aria-label={format(s.showMembers, { club: group.name })}>
                  {list.map((member) => {
                    const name = displayName(member);
                    const convo = conversations.get(`user:${member.id}`);
                    const key = `member:${member.club_id}:${member.id}`;
                    return (
                      <li key={key} className="member-row" data-testid="connection-member">
                        <Avatar src={member.profile_picture_url} name={name} size={40} />
                        <div className="member-row__body">
                          <p className="member-row__name">
                            <Link to="/users/$userId" params={{ userId: String(member.id) }}>
                              {name}
                            </Link>
                            <UnreadCount count={convo?.unread_count ?? 0} />
                          </p>
                          <p className="visually-hidden">{format(t.memberOf, { club: member.club_name })}</p>
                          <LastMessage
                            content={convo?.last_message_content ?? member.last_message_content}
                            at={convo?.last_message_at ?? member.last_message_at}
                            hasImage={convo?.last_message_has_image}
                            deleted={convo?.last_message_deleted}
                          />
                        </div>
                        <Link
                          to="/chat/user/$userId"
                          params={{ userId: String(member.id) }}
                          className="icon-button member-row__chat"
                          aria-label={format(t.chatWith, { name })}
                          title={t.message}
                        >
                          <MessageCircle aria-hidden="true" size={20} />
                        </Link>
                        <ActionMenu
                          label={format(s.actions, { name, club: member.club_name })}
                          actions={[
                            {
                              label: t.remove,
                              danger: true,
                              onSelect: () => setConfirming(member),
                            },
                          ]}
                        />
                      </li>
                    );
                  })}
                </ul>
              </details>
            </li>
          );
        })}
      </ul>
      {confirming ? (
        <ConfirmDialog
          title={s.confirmTitle}
          message={format(t.removeConfirm, { name: displayName(confirming), club: confirming.club_name })}
          confirmLabel={t.remove}
          cancelLabel={s.cancel}
          busy={busy === `member:${confirming.club_id}:${confirming.id}`}
          onCancel={() => setConfirming(null)}
          onConfirm={async () => {
            const member = confirming;
            await onRemove(member);
            setConfirming(null);
          }}
        />
      ) : null}
    </>
  );
}
