import { z } from "zod";
import { m } from "../messages";
import { passwordSchema } from "./auth";

/** Six digits as a string; a number is accepted too (a client may send 012345 as 12345). */
const codeSchema = z.preprocess(
  (v) => (typeof v === "number" && Number.isInteger(v) && v >= 0 ? String(v).padStart(6, "0") : v),
  z
    .string({ error: () => m.accounts.codeFormat })
    .trim()
    .regex(/^\d{6}$/, { error: () => m.accounts.codeFormat }),
);

export const verifyConfirmBody = z.object({ code: codeSchema });

export const verifyStartResponse = z.object({
  sent: z.literal(true),
  email: z.string().describe("The address the code went to, masked (m***a@example.com)."),
  expires_in: z.number().describe("Seconds the code stays valid."),
  already_sent: z
    .boolean()
    .describe(
      "True when a code was sent less than a minute ago and still works: no new mail went out, the earlier code is the one to enter.",
    ),
});

export const verifyConfirmResponse = z.object({ email_verified: z.literal(true), detail: z.string() });

const identifierSchema = z
  .string({ error: () => m.accounts.identifierRequired })
  .trim()
  .min(1, { error: () => m.accounts.identifierRequired })
  .max(254, { error: () => m.accounts.identifierRequired });

export const resetRequestBody = z.object({ username_or_email: identifierSchema });

export const resetConfirmBody = z.object({
  code: codeSchema,
  // Signup's password rules; a missing password gets the spec's reset message too.
  new_password: z.string({ error: () => m.accounts.passwordTooShort }).pipe(passwordSchema),
  username_or_email: z.preprocess(
    (v) => (v === "" || v === null ? undefined : v),
    identifierSchema.optional(),
  ),
});

export const detailResponse = z.object({ detail: z.string() });
