import { createCipheriv, createDecipheriv, createHash, randomBytes } from "node:crypto";
import type { Mail } from "./mailer";

export type SealedMail = { iv: string; tag: string; body: string };

// Mails carry one-time codes, which the database otherwise stores only as keyed hashes: a queued
// mail is encrypted (AES-256-GCM, key derived from the server secret) so the job table never
// holds a usable code in clear.
function keyFor(secret: string): Buffer {
  return createHash("sha256").update(`clubnica-mail-retry:${secret}`).digest();
}

export function sealMail(mail: Mail, secret: string): SealedMail {
  const iv = randomBytes(12);
  const cipher = createCipheriv("aes-256-gcm", keyFor(secret), iv);
  const body = Buffer.concat([cipher.update(JSON.stringify(mail), "utf8"), cipher.final()]);
  return {
    iv: iv.toString("base64"),
    tag: cipher.getAuthTag().toString("base64"),
    body: body.toString("base64"),
  };
}

export function openMail(sealed: SealedMail, secret: string): Mail {
  const decipher = createDecipheriv("aes-256-gcm", keyFor(secret), Buffer.from(sealed.iv, "base64"));
  decipher.setAuthTag(Buffer.from(sealed.tag, "base64"));
  const text = Buffer.concat([decipher.update(Buffer.from(sealed.body, "base64")), decipher.final()]);
  return JSON.parse(text.toString("utf8")) as Mail;
}
