import { expect } from "bun:test";
import sharp from "sharp";
import type { AppProcess } from "../../../test/app-process";

/**
 * Test-only: calls to several app processes in turn (as a load balancer spreads them), standing
 * in for the Ingress (X-Forwarded-For names the client address), and the fresh accounts, clubs
 * and images the rate-limit tests spend their budgets on.
 */
export function replicaClient(
  apps: () => AppProcess[],
  /** Gives a new account its role, a name and an address (straight in the database). */
  completeAccount: (account: { id: number; username: string; role: "member" | "owner" }) => Promise<void>,
) {
  let turn = 0;
  /** Each call goes to the next process in turn. */
  async function call(
    method: string,
    path: string,
    options: {
      token?: string;
      json?: unknown;
      form?: Record<string, string>;
      multipart?: FormData;
      from?: string;
    },
  ) {
    const app = apps()[turn++ % apps().length]!;
    const headers: Record<string, string> = {
      "x-forwarded-for": options.from ?? "198.51.100.1",
      "accept-language": "en",
    };
    if (options.token) headers.authorization = `Bearer ${options.token}`;
    let body: BodyInit | undefined;
    if (options.json !== undefined) {
      headers["content-type"] = "application/json";
      body = JSON.stringify(options.json);
    } else if (options.form) {
      headers["content-type"] = "application/x-www-form-urlencoded";
      body = new URLSearchParams(options.form).toString();
    } else if (options.multipart) {
      body = options.multipart;
    }
    const res = await fetch(app.url + path, { method, headers, body });
    const text = await res.text();
    return { status: res.status, headers: res.headers, body: text ? JSON.parse(text) : null };
  }

  let userCount = 0;
  /** A fresh account (each signed up from its own address, so the signup limit stays out of the way). */
  async function user(role: "member" | "owner" = "member") {
    userCount += 1;
    const username = `rl_${userCount}_${Math.random().toString(36).slice(2, 7)}`;
    const from = `10.77.${Math.floor(userCount / 250)}.${userCount % 250}`;
    const password = "correct-horse-battery";
    const signup = await call("POST", "/signup", { json: { username, password }, from });
    expect(signup.status).toBe(201);
    const id = signup.body.id as number;
    await completeAccount({ id, username, role });
    const login = await call("POST", "/login", { form: { username, password }, from });
    return { id, username, password, token: login.body.access_token as string };
  }

  async function club(owner: { token: string }) {
    const res = await call("POST", "/api/clubs", {
      token: owner.token,
      json: { name: `Club ${Math.random().toString(36).slice(2, 8)}`, description: "Un club" },
    });
    expect(res.status).toBe(201);
    return res.body.id as number;
  }

  /**
   * `allowed` answers that are not refused (a success, or `passStatus`), alternating processes,
   * then 429 with Retry-After and the catalogue's detail.
   */
  async function expectLimit(
    attempt: (i: number) => Promise<{ status: number; headers: Headers; body: any }>,
    allowed: number,
    detail: string,
    passStatus = 0,
  ) {
    for (let i = 0; i < allowed; i++) {
      const res = await attempt(i);
      if (res.status >= 300 && res.status !== passStatus) {
        throw new Error(`attempt ${i} answered ${res.status} ${JSON.stringify(res.body)}`);
      }
    }
    const refused = await attempt(allowed);
    expect(refused.status).toBe(429);
    expect(Number(refused.headers.get("retry-after"))).toBeGreaterThan(0);
    expect(refused.body).toEqual({ detail });
  }

  return { call, user, club, expectLimit };
}

export function multipart(fields: Record<string, string | Blob>) {
  const form = new FormData();
  for (const [key, value] of Object.entries(fields)) form.set(key, value);
  return form;
}

export async function png() {
  const data = await sharp({ create: { width: 20, height: 20, channels: 3, background: "#0067C6" } })
    .png()
    .toBuffer();
  return new File([new Uint8Array(data)], "me.png", { type: "image/png" });
}
