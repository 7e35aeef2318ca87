import { describe, expect, test } from "bun:test";
import { NOTICE_KINDS } from "../../../../common/api/notices";
import { DEFAULT_NOTIFICATION_SETTINGS } from "../../../../common/api/notification-settings";
import { groupChange, groupState, groupsFor } from "./kind-groups";

const kindsOf = (groups: { kinds: readonly string[] }[]) => groups.flatMap((g) => g.kinds);

describe("notification settings grouped, by role", () => {
  test("every kind has a row for some role, once, except muted and suspended (always sent)", () => {
    const shown = new Set([
      ...kindsOf(groupsFor("member")),
      ...kindsOf(groupsFor("owner")),
      ...kindsOf(groupsFor("admin")),
    ]);
    expect([...shown, "account_muted", "account_banned"].sort()).toEqual([...NOTICE_KINDS].sort());
    for (const role of ["member", "owner", "admin"] as const) {
      const kinds = kindsOf(groupsFor(role));
      expect(new Set(kinds).size).toBe(kinds.length);
    }
  });

  test("a member sees no owner-only rows, no owner group and no 'I was muted / suspended'", () => {
    const member = groupsFor("member");
    expect(member.map((g) => g.key)).toEqual(["chats", "clubs", "events", "account"]);
    const kinds = kindsOf(member);
    for (const hidden of ["join_request", "post_comment", "account_muted", "account_banned"])
      expect(kinds).not.toContain(hidden);
    expect(kinds).toContain("owner_approved");
  });

  test("an owner sees the clubs they run, not the answer to an owner request", () => {
    const owner = groupsFor("owner");
    expect(owner.map((g) => g.key)).toEqual(["chats", "clubs", "events", "running", "account"]);
    expect(owner.find((g) => g.key === "running")?.kinds).toEqual(["join_request", "post_comment"]);
    const kinds = kindsOf(owner);
    for (const hidden of ["owner_approved", "owner_denied", "account_muted", "account_banned"])
      expect(kinds).not.toContain(hidden);
    // Fewer rows than the old 22-row grid, for everyone.
    expect(kinds.length).toBeLessThan(NOTICE_KINDS.length);
  });

  test("a group's switch is on, off or mixed, and sets every row of its channel", () => {
    const settings = structuredClone(DEFAULT_NOTIFICATION_SETTINGS.kinds);
    const events = ["event_moved", "event_cancelled", "event_promoted"] as const;
    expect(groupState(events, settings, "push")).toBe("on");
    settings.event_moved.push = false;
    expect(groupState(events, settings, "push")).toBe("mixed");
    for (const kind of events) settings[kind].push = false;
    expect(groupState(events, settings, "push")).toBe("off");
    expect(groupChange(events, "email", false)).toEqual({
      event_moved: { email: false },
      event_cancelled: { email: false },
      event_promoted: { email: false },
    });
  });
});
