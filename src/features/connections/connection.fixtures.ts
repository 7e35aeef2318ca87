import { createQuickUser, type QuickUser } from "../../../test/fixtures/quick-user";
import type { TestApp } from "../../../test/harness";

/** Shared arrangements for the connection tests (one file per behaviour). */
export type User = QuickUser;

/** A user with a completed profile (name and e-mail), so they may send requests. */
export async function profiled(t: TestApp, role: "member" | "owner" | "admin" = "member"): Promise<User> {
  return await createQuickUser(t, { role });
}

export async function manyProfiled(t: TestApp, n: number): Promise<User[]> {
  const out: User[] = [];
  for (let i = 0; i < n; i++) out.push(await profiled(t));
  return out;
}

/** Creates a club through POST /api/clubs as `owner`; returns its id. */
export async function club(t: TestApp, owner: User, extra: Record<string, unknown> = {}): Promise<number> {
  const res = await t.request("POST", "/api/clubs", {
    token: owner.token,
    json: { name: `Club ${Math.random().toString(36).slice(2, 8)}`, description: "d", ...extra },
  });
  if (res.status !== 201) throw new Error(JSON.stringify(res.body));
  return res.body.id;
}

export async function send(t: TestApp, user: User, clubId: number) {
  return await t.request("POST", `/api/connection-requests?club_id=${clubId}`, { token: user.token });
}

/** The stored member_count beside the real number of memberships. */
export async function counts(t: TestApp, clubId: number) {
  const [row] = await t.sql`
    select member_count, (select count(*)::int from club_members where club_id = c.id) as real
    from clubs c where id = ${clubId}`;
  return { stored: row!.member_count as number, real: row!.real as number };
}

export async function connectionUsers(t: TestApp) {
  return {
    admin: await profiled(t, "admin"),
    owner: await profiled(t, "owner"),
    otherOwner: await profiled(t, "owner"),
  };
}
