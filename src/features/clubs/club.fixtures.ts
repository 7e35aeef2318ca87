import sharp from "sharp";
import { createQuickUser, type QuickUser } from "../../../test/fixtures/quick-user";
import type { TestApp } from "../../../test/harness";

/** Shared arrangements for the club route tests (one file per behaviour). */
export type User = QuickUser;

export function form(fields: Record<string, string | Blob>): FormData {
  const fd = new FormData();
  for (const [k, v] of Object.entries(fields)) fd.set(k, v);
  return fd;
}

export async function png(color = "#0067C6"): Promise<File> {
  const data = await sharp({ create: { width: 40, height: 20, channels: 3, background: color } })
    .png()
    .toBuffer();
  return new File([new Uint8Array(data)], "cover.png", { type: "image/png" });
}

/** Creates a club through POST /api/clubs as `owner`; throws unless 201. */
export async function createClubAs(t: TestApp, owner: User, fields: Record<string, string | Blob> = {}) {
  const res = await t.request("POST", "/api/clubs", {
    token: owner.token,
    multipart: form({
      name: `Club ${Math.random().toString(36).slice(2, 8)}`,
      description: "Un club",
      ...fields,
    }),
  });
  if (res.status !== 201) throw new Error(`create failed ${res.status} ${JSON.stringify(res.body)}`);
  return res.body as { id: number; [k: string]: any };
}

/** An admin, two owners and a member (one real sign-up and login, so tokens from /login are covered too). */
export async function clubUsers(t: TestApp) {
  return {
    admin: await createQuickUser(t, { role: "admin" }),
    owner: await createQuickUser(t, { role: "owner" }),
    otherOwner: await createQuickUser(t, { role: "owner" }),
    member: await t.createUser(),
  };
}
