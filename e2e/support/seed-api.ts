import { createHmac, randomBytes } from "node:crypto";
import postgres from "postgres";
import { stackState } from "./state";

/**
 * Seeding for the specs: accounts and clubs through the running stack's API, roles and the rest
 * through SQL (`sql()`), signed tokens instead of log-ins. Specs import it through fixtures.ts.
 */
export type SeedUser = { id: number; username: string; password: string; token: string; role: string };
/** A completed profile's e-mail and name (names rotate: see PROFILE_NAMES). */
export type SeededProfile = { email: string; firstName: string; lastName: string; name: string };

let sqlClient: ReturnType<typeof postgres> | null = null;
export function sql() {
  sqlClient ??= postgres(stackState().databaseUrl, { max: 2, onnotice: () => {} });
  return sqlClient;
}

let counter = 0;
export function uniqueName(prefix: string) {
  counter += 1;
  return `${prefix}${Date.now().toString(36)}${counter}${Math.random().toString(36).slice(2, 5)}`;
}

async function call(path: string, init: RequestInit & { token?: string } = {}) {
  const headers = new Headers(init.headers);
  // Seeding checks the spec's English answers; the app's default language is Spanish.
  if (!headers.has("accept-language")) headers.set("accept-language", "en-US");
  if (init.token) headers.set("authorization", `Bearer ${init.token}`);
  const res = await fetch(stackState().baseURL + path, { ...init, headers });
  const text = await res.text();
  let body: any = text;
  try {
    body = JSON.parse(text);
  } catch {
    // Not JSON.
  }
  return { status: res.status, body };
}

/**
 * A session token for a seeded account, as POST /login issues it (HS256 with the app's secret;
 * claims sub, id, role, ver, jti, iat, exp: src/plugins/auth.ts). Log-in hashes the password at
 * production cost (argon2id, 64 MiB, about 0.1 s of the app's CPU), and the specs seed hundreds
 * of accounts a run; the specs about logging in do it through the form or the API themselves.
 */
function signToken(user: { id: number; username: string; role: string }): string {
  const now = Math.floor(Date.now() / 1000);
  const part = (value: object) => Buffer.from(JSON.stringify(value)).toString("base64url");
  const claims = {
    sub: user.username,
    id: user.id,
    role: user.role,
    // A new account's token version (a password change raises it).
    ver: 0,
    jti: randomBytes(16).toString("base64url"),
    iat: now,
    // The app's JWT_TTL (7 days by default).
    exp: now + 7 * 24 * 3600,
  };
  const unsigned = `${part({ alg: "HS256", typ: "JWT" })}.${part(claims)}`;
  const signature = createHmac("sha256", stackState().jwtSecret).update(unsigned).digest("base64url");
  return `${unsigned}.${signature}`;
}

/**
 * The first account a worker seeds with a password signs up through /signup; later ones with
 * the same password and a made-up name are inserted with its hash. A production-cost argon2id
 * hash is about 80 ms of the app's CPU here, and hundreds of accounts are seeded a run; a
 * username a spec chooses still goes through /signup (its screening).
 */
const signedUpHashes = new Map<string, string>();

/**
 * Each completed profile gets the next of these names (then around again, per worker process),
 * so a spec showing a sender and a recipient can tell them apart: assert the name seed.profile
 * returns, never a literal. Realistic Nicaraguan names, none of those specs type themselves.
 */
const PROFILE_NAMES: [string, string][] = [
  ["Jimena", "Aráuz"],
  ["Ernesto", "Cuadra"],
  ["Lucía", "Bermúdez"],
  ["Rodrigo", "Pallais"],
  ["Sofía", "Alemán"],
  ["Mateo", "Lacayo"],
  ["Camila", "Sequeira"],
  ["Andrés", "Urbina"],
  ["Isabel", "Castellón"],
  ["Diego", "Membreño"],
  ["Paola", "Rivas"],
  ["Hugo", "Obando"],
];
let profiles = 0;

export const seed = {
  call,
  async user(options: { role?: "member" | "owner" | "admin"; username?: string; password?: string } = {}) {
    let username = options.username ?? uniqueName("u");
    const password = options.password ?? "correct-horse-battery";
    const role = options.role ?? "member";
    const hash = options.username ? undefined : signedUpHashes.get(password);
    let id: number;
    if (hash) {
      const [row] = await sql()`insert into users (username, password_hash, role)
        values (${username}, ${hash}, ${role}) returning id`;
      id = row!.id as number;
    } else {
      const signup = await call("/signup", {
        method: "POST",
        headers: { "content-type": "application/json" },
        body: JSON.stringify({ username, password, role: "member" }),
      });
      if (signup.status !== 201) throw new Error(`signup failed: ${JSON.stringify(signup.body)}`);
      id = signup.body.id as number;
      const [row] = await sql()`select username, password_hash from users where id = ${id}`;
      // As stored (the token names the account as the app wrote it).
      username = row!.username as string;
      signedUpHashes.set(password, row!.password_hash as string);
      if (role !== "member") await sql()`update users set role = ${role} where id = ${id}`;
    }
    return { id, username, password, token: signToken({ id, username, role }), role } satisfies SeedUser;
  },
  async club(token: string, fields: Record<string, string | number | boolean | Blob>) {
    const form = new FormData();
    for (const [key, value] of Object.entries(fields)) {
      if (value instanceof Blob) form.set(key, value, "cover.png");
      else form.set(key, String(value));
    }
    const res = await call("/api/clubs", { method: "POST", body: form, token });
    if (res.status !== 201) throw new Error(`club create failed: ${res.status} ${JSON.stringify(res.body)}`);
    return res.body as { id: number; name: string };
  },
  /** Creates a post (multipart, as the composer sends it); `image` may be a Blob. */
  async post(token: string, fields: Record<string, string | Blob>) {
    const form = new FormData();
    for (const [key, value] of Object.entries(fields)) form.set(key, value);
    const res = await call("/api/posts", { method: "POST", body: form, token });
    if (res.status !== 201) throw new Error(`post failed: ${res.status} ${JSON.stringify(res.body)}`);
    return res.body as { id: number; title: string };
  },
  /** Completes a profile directly (the next name of PROFILE_NAMES, a verified e-mail). */
  async profile(userId: number, email = `${uniqueName("p")}@example.com`): Promise<SeededProfile> {
    const [firstName, lastName] = PROFILE_NAMES[profiles % PROFILE_NAMES.length]!;
    profiles += 1;
    await sql()`update users set first_name = ${firstName}, last_name = ${lastName}, email = ${email},
      email_verified = true where id = ${userId}`;
    return { email, firstName, lastName, name: `${firstName} ${lastName}` };
  },
};

/** A small valid PNG (8×4, blue), for cover images. */
export function pngBlob(): Blob {
  const base64 =
    "iVBORw0KGgoAAAANSUhEUgAAAAgAAAAECAIAAAA8r+mnAAAAEElEQVR4nGNgSD+GHVFPAgBBTSWhWL0nrQAAAABJRU5ErkJggg==";
  return new Blob([Buffer.from(base64, "base64")], { type: "image/png" });
}
