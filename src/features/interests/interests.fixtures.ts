import type { TestApp } from "../../../test/harness";

/** A club row straight in SQL: the ranking tests need fixed tags, regions and activity times. */
export async function insertClub(
  t: TestApp,
  fields: {
    name: string;
    tags?: string;
    region?: string | null;
    isOpen?: boolean;
    ownerId?: number;
    activity?: string;
  },
): Promise<number> {
  const [row] = await t.sql<{ id: number }[]>`
    insert into clubs (name, description, tags, region, is_open, owner_id, last_activity_at)
    values (${fields.name}, 'Un club', ${fields.tags ?? ""}, ${fields.region ?? null}, ${fields.isOpen ?? true},
      ${fields.ownerId ?? null}, ${fields.activity ?? "2026-01-01T00:00:00Z"})
    returning id`;
  return row!.id;
}
