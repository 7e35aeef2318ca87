import { jwt } from "@elysiajs/jwt";
import type { TestApp } from "../../../test/harness";

/**
 * Test users without argon2: a row plus a token signed with the app's secret, exactly as /login
 * would issue it. Sign-up and login have their own tests; these files test clubs, and dozens
 * of hashes per file made them slow and flaky on a loaded machine.
 */
let counter = 0;

export type QuickUser = { id: number; username: string; password: string; token: string };

export async function createQuickUser(
  t: TestApp,
  options: { role?: "member" | "owner" | "admin"; profile?: boolean } = {},
): Promise<QuickUser> {
  counter += 1;
  const role = options.role ?? "member";
  const username = `quick${counter}_${Math.random().toString(36).slice(2, 8)}`;
  const profile = options.profile ?? true;
  const [row] = await t.sql<{ id: number }[]>`
    insert into users (username, password_hash, role, first_name, last_name, email)
    values (${username}, 'not-a-hash', ${role}, ${profile ? "Ana" : null}, ${profile ? "López" : null},
      ${profile ? `${username}@example.test` : null})
    returning id`;
  const signer = jwt({ name: "jwt", secret: t.deps.jwtSecret, exp: "1h" }).decorator.jwt;
  const token = await signer.sign({ sub: username, id: row!.id, role, ver: 0 });
  return { id: row!.id, username, password: "", token };
}
