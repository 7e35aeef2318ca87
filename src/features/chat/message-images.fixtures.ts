import { deflateSync } from "node:zlib";
import sharp from "sharp";
import type { QuickUser } from "../../../test/fixtures/quick-user";
import type { TestApp } from "../../../test/harness";
import { addMember, insertClub } from "./chat.fixtures";

/** Helpers of the chat photo tests (message-images*.test.ts). */
const photo = (width = 640, height = 480, background = "#0067C6") =>
  sharp({ create: { width, height, channels: 3, background } })
    .jpeg()
    .toBuffer();

function form(fields: Record<string, string | Blob | Blob[]>) {
  const body = new FormData();
  for (const [name, value] of Object.entries(fields)) {
    for (const part of Array.isArray(value) ? value : [value]) body.append(name, part);
  }
  return body;
}

export const jpeg = async (options?: { width?: number; height?: number; background?: string }) =>
  new File([new Uint8Array(await photo(options?.width, options?.height, options?.background))], "foto.jpg", {
    type: "image/jpeg",
  });

/** Over a real socket: the body guard reads what a client really sends. */
export async function sendForm(
  base: string,
  token: string,
  path: string,
  fields: Record<string, string | Blob | Blob[]>,
) {
  const res = await fetch(`${base}${path}`, {
    method: "POST",
    headers: { authorization: `Bearer ${token}` },
    body: form(fields),
  });
  return { status: res.status, body: await res.json() };
}

/** A PNG whose header claims `width` × `height` pixels, with almost no data behind it. */
export function bombPng(width: number, height: number): Uint8Array<ArrayBuffer> {
  const crcTable = Array.from({ length: 256 }, (_, n) => {
    let c = n;
    for (let k = 0; k < 8; k++) c = c & 1 ? 0xedb88320 ^ (c >>> 1) : c >>> 1;
    return c >>> 0;
  });
  const crc = (bytes: Uint8Array) => {
    let c = 0xffffffff;
    for (const byte of bytes) c = crcTable[(c ^ byte) & 0xff]! ^ (c >>> 8);
    return (c ^ 0xffffffff) >>> 0;
  };
  const chunk = (type: string, data: Uint8Array) => {
    const out = new Uint8Array(12 + data.length);
    const view = new DataView(out.buffer);
    view.setUint32(0, data.length);
    out.set(new TextEncoder().encode(type), 4);
    out.set(data, 8);
    view.setUint32(8 + data.length, crc(out.subarray(4, 8 + data.length)));
    return out;
  };
  const header = new Uint8Array(13);
  const view = new DataView(header.buffer);
  view.setUint32(0, width);
  view.setUint32(4, height);
  header.set([8, 2, 0, 0, 0], 8);
  const parts = [
    new Uint8Array([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    chunk("IHDR", header),
    chunk("IDAT", new Uint8Array(deflateSync(new Uint8Array(1024)))),
    chunk("IEND", new Uint8Array()),
  ];
  return Uint8Array.from(Buffer.concat(parts));
}

export async function clubWith(t: TestApp, ...users: QuickUser[]) {
  const clubId = await insertClub(t, null);
  for (const user of users) await addMember(t, clubId, user.id);
  return clubId;
}

export const messageCount = async (t: TestApp, senderId: number) =>
  Number((await t.sql`select count(*)::int as n from messages where sender_id = ${senderId}`)[0]!.n);
export const uploadCount = async (t: TestApp) =>
  Number((await t.sql`select count(*)::int as n from uploads`)[0]!.n);
