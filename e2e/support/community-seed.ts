import { type SeededProfile, type SeedUser, seed, sql, uniqueName } from "./fixtures";

/**
 * Seeding for the community and admin specs (connections, chat, moderation), all through the
 * API except where a state has no API (profiles are completed with SQL by seed.profile).
 */
const json = (body: unknown) => ({
  method: "POST",
  headers: { "content-type": "application/json" },
  body: JSON.stringify(body),
});

/** A user with a completed profile; `name` is the one the app shows ("Jimena Aráuz"). */
export async function member(
  role: "member" | "owner" | "admin" = "member",
): Promise<SeedUser & Omit<SeededProfile, "email">> {
  const user = await seed.user({ role });
  const { firstName, lastName, name } = await seed.profile(user.id);
  return { ...user, firstName, lastName, name };
}

export async function club(owner: SeedUser, name = uniqueName("Club ")) {
  return seed.club(owner.token, { name, description: `${name} for e2e`, is_open: true });
}

/** member asks to join, the owner accepts: the member belongs to the club. */
export async function join(user: SeedUser, owner: SeedUser, clubId: number) {
  const asked = await seed.call(`/api/connection-requests?club_id=${clubId}`, {
    method: "POST",
    token: user.token,
  });
  if (asked.status !== 201) throw new Error(`request failed: ${asked.status} ${JSON.stringify(asked.body)}`);
  const accepted = await seed.call(`/api/connection-requests/${asked.body.id}/accept`, {
    method: "POST",
    token: owner.token,
  });
  if (accepted.status !== 200)
    throw new Error(`accept failed: ${accepted.status} ${JSON.stringify(accepted.body)}`);
}

export async function sendDirect(from: SeedUser, toId: number, content: string) {
  const res = await seed.call(`/api/messages/user/${toId}`, { ...json({ content }), token: from.token });
  if (res.status !== 201) throw new Error(`message failed: ${res.status} ${JSON.stringify(res.body)}`);
  return res.body as { id: number };
}

export async function sendToClub(from: SeedUser, clubId: number, content: string) {
  const res = await seed.call(`/api/messages/club/${clubId}`, { ...json({ content }), token: from.token });
  if (res.status !== 201) throw new Error(`club message failed: ${res.status} ${JSON.stringify(res.body)}`);
  return res.body as { id: number };
}

export async function post(owner: SeedUser, clubId: number, title: string) {
  return seed.post(owner.token, {
    club_id: String(clubId),
    title,
    content: `${title}: details for everyone.`,
  });
}

export async function comment(user: SeedUser, postId: number, content: string) {
  return seed.call(`/api/posts/${postId}/comments`, { ...json({ content }), token: user.token });
}

export function words(count: number, prefix = "word"): string {
  return Array.from({ length: count }, (_, i) => `${prefix}${i + 1}`).join(" ");
}

export async function roleOf(userId: number): Promise<string> {
  const rows = await sql()`select role from users where id = ${userId}`;
  return rows[0]?.role as string;
}

/** A 2x2 PNG, for picture uploads. */
export const PNG_BYTES = Buffer.from(
  "iVBORw0KGgoAAAANSUhEUgAAAAIAAAACCAIAAAD91JpzAAAAD0lEQVR4nGNgSD8GQhAKAB3iBLVfgpCeAAAAAElFTkSuQmCC",
  "base64",
);

/**
 * Two people who accepted each other's messages (as after a message request was accepted), so
 * one can write the other more than a request's 3 messages without sharing a club.
 */
export async function contacts(a: SeedUser, b: SeedUser) {
  await sql()`insert into message_requests (recipient_id, sender_id, accepted_at)
    values (${a.id}, ${b.id}, now()) on conflict (recipient_id, sender_id) do update set accepted_at = now()`;
}
