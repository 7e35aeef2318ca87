import { jwt } from "@elysiajs/jwt";
import sharp from "sharp";
import type { TestApp } from "../../../test/harness";

/** Test-only helpers shared by the posts and comments tests. */

export async function createClub(t: TestApp, ownerId: number | null, name = "Club") {
  const rows = await t.sql<{ id: number }[]>`
    insert into clubs (name, description, owner_id) values (${name}, 'A club', ${ownerId}) returning id`;
  return rows[0]!.id;
}

export async function joinClub(t: TestApp, clubId: number, userId: number) {
  await t.sql`insert into club_members (club_id, user_id) values (${clubId}, ${userId})`;
}

/**
 * Many users at once, straight in the database with tokens signed like /login signs them
 * (signing up 200 users through the API would hash 200 passwords).
 */
export async function createManyUsers(t: TestApp, count: number, prefix: string) {
  const rows = await t.sql<{ id: number; username: string }[]>`
    insert into users (username, password_hash)
    select ${prefix} || '_' || g, 'not-a-real-hash' from generate_series(1, ${count}::int) g
    returning id, username`;
  const signer = jwt({ name: "jwt", secret: t.deps.jwtSecret, exp: "1h" }).decorator.jwt;
  return await Promise.all(
    rows.map(async (row) => ({
      id: row.id,
      username: row.username,
      token: await signer.sign({ sub: row.username, id: row.id, role: "member", ver: 0 }),
    })),
  );
}

export async function pngFile(width = 800, height = 600, name = "photo.png") {
  const bytes = await sharp({ create: { width, height, channels: 3, background: { r: 200, g: 30, b: 60 } } })
    .png()
    .toBuffer();
  return new File([new Uint8Array(bytes)], name, { type: "image/png" });
}

export function postForm(fields: Record<string, string | Blob>) {
  const form = new FormData();
  for (const [key, value] of Object.entries(fields)) form.set(key, value);
  return form;
}
