import type { NoticeKind } from "../../../../common/api/notices";
import type { KindChannels, NotificationSettings } from "../../../../common/api/notification-settings";
import type { Role } from "../../../../common/enums";

export type KindGroupKey = "chats" | "clubs" | "events" | "running" | "account";

/**
 * The notice kinds as the settings screen groups them, in order. Every kind a person can switch
 * belongs to exactly one group (kind-groups.test.ts checks against NOTICE_KINDS).
 */
const KIND_GROUPS: readonly { key: KindGroupKey; kinds: readonly NoticeKind[] }[] = [
  { key: "chats", kinds: ["direct_message", "club_message", "mention", "announcement"] },
  {
    key: "clubs",
    kinds: ["club_post", "club_event", "club_poll", "request_accepted", "request_declined", "club_transfer"],
  },
  { key: "events", kinds: ["event_moved", "event_cancelled", "event_promoted"] },
  { key: "running", kinds: ["join_request", "post_comment"] },
  {
    key: "account",
    kinds: ["report_actioned", "report_dismissed", "owner_approved", "owner_denied", "role_changed"],
  },
];

/**
 * Kinds with no switch: a person is always told that they were muted or suspended (a safety
 * notice about their own account, never to be silenced by mistake); the API still stores them.
 */
const ALWAYS_SENT_KINDS: readonly NoticeKind[] = ["account_muted", "account_banned"];

/**
 * Who can receive a kind at all, so nobody sees a switch for what never reaches them: join
 * requests and comments go to a club's owner (an owner, or an admin who owns a club); the
 * answer to an owner request goes to a member who asked to become one.
 */
const ONLY_FOR: Partial<Record<NoticeKind, readonly Role[]>> = {
  join_request: ["owner", "admin"],
  post_comment: ["owner", "admin"],
  owner_approved: ["member"],
  owner_denied: ["member"],
};

function appliesTo(kind: NoticeKind, role: Role): boolean {
  if (ALWAYS_SENT_KINDS.includes(kind)) return false;
  return ONLY_FOR[kind]?.includes(role) ?? true;
}

/** The groups a person of this role sees, each with only the kinds that apply; empty groups go. */
export function groupsFor(role: Role) {
  return KIND_GROUPS.map((group) => ({
    key: group.key,
    kinds: group.kinds.filter((k) => appliesTo(k, role)),
  })).filter((group) => group.kinds.length > 0);
}

export type GroupState = "on" | "off" | "mixed";

/** A group's switch for one channel: on when every row is, off when none is, else mixed. */
export function groupState(
  kinds: readonly NoticeKind[],
  settings: NotificationSettings["kinds"],
  channel: keyof KindChannels,
): GroupState {
  const on = kinds.filter((kind) => settings[kind][channel]).length;
  return on === 0 ? "off" : on === kinds.length ? "on" : "mixed";
}

/** The PUT body that turns every row of a group on or off for one channel. */
export function groupChange(kinds: readonly NoticeKind[], channel: keyof KindChannels, on: boolean) {
  return Object.fromEntries(kinds.map((kind) => [kind, { [channel]: on }])) as Partial<
    Record<NoticeKind, Partial<KindChannels>>
  >;
}
