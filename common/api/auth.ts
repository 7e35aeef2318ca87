import { z } from "zod";
import { m } from "../messages";

export const usernameSchema = z
  .string()
  .trim()
  .min(3, { error: () => m.auth.usernameTooShort })
  .max(32, { error: () => m.auth.usernameTooLong })
  .regex(/^[A-Za-z0-9_.-]+$/, { error: () => m.auth.usernameCharacters });

export const passwordSchema = z
  .string()
  .min(8, { error: () => m.accounts.passwordTooShort })
  .max(128, { error: () => m.auth.passwordTooLong });

export const signupBody = z.object({
  username: usernameSchema,
  password: passwordSchema,
  role: z.enum(["member", "owner"], { error: () => m.auth.roleMemberOrOwner }).default("member"),
});

export const loginBody = z.object({
  username: z
    .string()
    .trim()
    .min(1, { error: () => m.auth.usernameRequired })
    .max(64),
  password: z
    .string()
    .min(1, { error: () => m.auth.passwordRequired })
    .max(256),
});

export const tokenResponse = z.object({
  access_token: z.string(),
  token_type: z.literal("bearer"),
});

export const signupResponse = z.object({
  id: z.number(),
  username: z.string(),
  role: z.enum(["member", "owner", "admin"]),
  owner_request_pending: z.boolean(),
});
