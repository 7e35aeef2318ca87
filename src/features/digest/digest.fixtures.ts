import { createQuickUser, type QuickUser } from "../../../test/fixtures/quick-user";
import type { TestApp } from "../../../test/harness";

const DAY_MS = 24 * 60 * 60 * 1000;

/** Monday 30 November 2026, 13:00 UTC: the digest's moment in these tests (ISO week 2026-W49). */
export const NOW = new Date("2026-11-30T13:00:00Z");
export const daysFrom = (base: Date, days: number) => new Date(base.getTime() + days * DAY_MS);

export type Person = QuickUser & { email: string };

/** A person with a verified address, in a language (null: never chose), optionally in a region. */
export async function createReader(
  t: TestApp,
  options: { locale?: "es" | "en" | null; region?: string | null; role?: "member" | "owner" } = {},
): Promise<Person> {
  const user = await createQuickUser(t, { role: options.role ?? "member" });
  const email = `${user.username}@example.test`;
  await t.sql`update users set email_verified = true, locale = ${options.locale ?? null},
    region = ${options.region ?? null} where id = ${user.id}`;
  return { ...user, email };
}

export async function createClub(
  t: TestApp,
  {
    owner,
    name,
    region = null,
    members = [],
  }: { owner: Person; name: string; region?: string | null; members?: Person[] },
): Promise<number> {
  const [club] = await t.sql<{ id: number }[]>`
    insert into clubs (name, description, owner_id, region)
    values (${name}, 'Un club', ${owner.id}, ${region}) returning id`;
  for (const member of members) {
    await t.sql`insert into club_members (club_id, user_id) values (${club!.id}, ${member.id})`;
  }
  return club!.id;
}

/** A post (or an event, with `eventDate`) written `createdAt`. */
export async function createPost(
  t: TestApp,
  post: {
    clubId: number;
    author: Person;
    title: string;
    createdAt: Date;
    eventDate?: Date;
    held?: boolean;
  },
): Promise<number> {
  const [row] = await t.sql<{ id: number }[]>`
    insert into posts (club_id, author_id, title, content, is_event, event_date, held, created_at)
    values (${post.clubId}, ${post.author.id}, ${post.title}, 'Detalles', ${!!post.eventDate},
      ${post.eventDate?.toISOString() ?? null}, ${post.held ?? false}, ${post.createdAt.toISOString()})
    returning id`;
  return row!.id;
}

/** The join requests an owner's digest would list, for tests of what the digest sees. */
export { listPendingRequests } from "./content-queries";
