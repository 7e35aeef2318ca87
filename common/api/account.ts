import { z } from "zod";
import { m } from "../messages";
import { passwordSchema, tokenResponse } from "./auth";

const currentPassword = z
  .string()
  .min(1, { error: () => m.auth.passwordRequired })
  .max(256);

export const changePasswordBody = z.object({
  current_password: currentPassword,
  new_password: passwordSchema,
});

/** A fresh token for the device that changed the password; every other token stops working. */
export const changePasswordResponse = tokenResponse.extend({ detail: z.string() });

/** Sign out everywhere: every other token stops working; this device gets a fresh one. */
export const signOutEverywhereResponse = tokenResponse.extend({ detail: z.string() });

export const deleteAccountBody = z.object({ password: currentPassword });

/** Shown once to the admin: the code itself is stored only as a keyed hash. */
export const resetCodeResponse = z.object({
  code: z.string(),
  expires_at: z.string(),
  detail: z.string(),
});

export type ChangePasswordResponse = z.infer<typeof changePasswordResponse>;
export type SignOutEverywhereResponse = z.infer<typeof signOutEverywhereResponse>;
export type ResetCodeResponse = z.infer<typeof resetCodeResponse>;
