import { z } from "zod";
import { ROLES } from "../enums";
import { m } from "../messages";
import { cleanNameText } from "../name-text";
import { passwordSchema, usernameFormat } from "./auth";
import { MAX_INT, pageFields } from "./params";
import { emailSchema } from "./users";

const pagingQuery = pageFields({ maxOffset: MAX_INT });

export const userListQuery = z.object({
  search: z.string().max(200).optional(),
  ...pagingQuery,
});

export const auditQuery = z.object({
  action: z.string().max(64).optional(),
  actor: z.string().trim().max(64).optional().describe("The acting admin's username (exact, any case)."),
  target_type: z.string().max(32).optional(),
  target_id: z.coerce.number().int().positive().max(MAX_INT).optional(),
  ...pagingQuery,
});

const roleSchema = z.enum(ROLES, { error: () => m.admin.roleInvalid });
const emptyToUndefined = (v: unknown) => (typeof v === "string" && v.trim() === "" ? undefined : v);
/** Names lose invisible and direction-changing characters, as in profiles. */
const nameText = (v: unknown) => emptyToUndefined(typeof v === "string" ? cleanNameText(v) : v);
const flag = z.union([z.boolean(), z.stringbool()]);

/** An admin may give a dummy account any well-formed name, reserved ones included (admins are staff). */
export const createDummyBody = z.object({
  username: usernameFormat,
  role: roleSchema.default("member"),
  first_name: z.preprocess(nameText, z.string().trim().max(100).default("Test")),
  last_name: z.preprocess(nameText, z.string().trim().max(100).default("User")),
  email: z.preprocess(emptyToUndefined, emailSchema.optional()),
  email_verified: flag.default(true),
  test_account: flag.default(true),
  password: z.preprocess(emptyToUndefined, passwordSchema.optional()),
});

export const createDummyResponse = z.object({
  id: z.number(),
  username: z.string(),
  role: roleSchema,
  plain_password: z.string().describe("Shown here once; never stored or shown again."),
});

const duration = z.coerce
  .number()
  .int()
  .min(0)
  .max(3650 * 24 * 60)
  .default(0);
export const banQuery = z.object({
  ban: z.stringbool().default(true),
  days: duration,
  hours: duration,
  minutes: duration,
});
export const muteQuery = z.object({
  mute: z.stringbool().default(true),
  days: duration,
  hours: duration,
  minutes: duration,
});

export const roleBody = z.object({ role: roleSchema });

export const adminUser = z.object({
  id: z.number(),
  username: z.string(),
  role: roleSchema,
  first_name: z.string().nullable(),
  last_name: z.string().nullable(),
  email: z.string().nullable(),
  email_verified: z.boolean(),
  test_account: z.boolean(),
  ban_until: z.string().nullable(),
  mute_until: z.string().nullable(),
  is_banned: z.boolean(),
  is_muted: z.boolean(),
  created_at: z.string(),
});

export const ownerRequestItem = z.object({
  id: z.number(),
  user_id: z.number(),
  username: z.string(),
  first_name: z.string().nullable(),
  last_name: z.string().nullable(),
  role: roleSchema.describe("The user's current role (member while the request waits)."),
  requested_role: z.literal("owner"),
  created_at: z.string(),
});

export const decideQuery = z.object({ approve: z.stringbool() });

export const decideResponse = z.object({
  id: z.number(),
  user_id: z.number(),
  status: z.enum(["approved", "denied"]),
  role: roleSchema,
  email_sent: z.boolean().describe("False when the user has no e-mail or the mail could not be sent."),
});

export const auditEntry = z.object({
  id: z.number(),
  actor_id: z.number().nullable(),
  actor_username: z.string().nullable(),
  actor_name: z
    .string()
    .nullable()
    .describe("The acting admin's name (first and last, else username); null for the system."),
  action: z.string(),
  target_type: z.string(),
  target_id: z.number().nullable(),
  target_name: z
    .string()
    .nullable()
    .describe(
      "The person's name (a user target) or the club's name (a club target) while they exist; else null.",
    ),
  details: z.record(z.string(), z.unknown()),
  created_at: z.string(),
});

export type AdminUser = z.infer<typeof adminUser>;
export type OwnerRequest = z.infer<typeof ownerRequestItem>;
export type CreatedDummy = z.infer<typeof createDummyResponse>;
export type AuditEntry = z.infer<typeof auditEntry>;
