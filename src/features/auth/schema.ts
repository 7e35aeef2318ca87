import { z } from "zod";
import { m } from "../../../client/messages";

export const usernameSchema = z
  .string()
  .trim()
  .min(3, "Username must be at least 3 characters.")
  .max(32, "Username must be at most 32 characters.")
  .regex(/^[A-Za-z0-9_.-]+$/, "Username may use letters, numbers, dots, dashes and underscores.");

export const passwordSchema = z
  .string()
  .min(8, m.accounts.passwordTooShort)
  .max(128, "Password must be at most 128 characters.");

export const signupBody = z.object({
  username: usernameSchema,
  password: passwordSchema,
  role: z.enum(["member", "owner"], { message: "Role must be member or owner." }).default("member"),
});

export const loginBody = z.object({
  username: z.string().trim().min(1, "Username is required.").max(64),
  password: z.string().min(1, "Password is required.").max(256),
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
