import { z } from "zod";
import { m } from "../messages";
import { MAX_INT, positiveId } from "./params";

/** What an owner may give an officer (src/features/clubs/permissions.ts says which calls each opens). */
export const CLUB_PERMISSIONS = [
  "accept_requests",
  "post",
  "check_in",
  "moderate_chat",
  "edit_club",
] as const;
export type ClubPermission = (typeof CLUB_PERMISSIONS)[number];

const OFFICER_TITLE_MAX = 60;

const permissionList = z
  .array(z.enum(CLUB_PERMISSIONS, { error: () => m.officers.unknownPermission }))
  .max(CLUB_PERMISSIONS.length)
  .transform((list) => [...new Set(list)]);

const title = z
  .string({ error: () => m.officers.titleRequired })
  .trim()
  .min(1, { error: () => m.officers.titleRequired })
  .max(OFFICER_TITLE_MAX, { error: () => m.officers.titleTooLong });

export const clubUserParams = z.object({ id: positiveId, userId: positiveId });

export const officerBody = z.object({ title, permissions: permissionList });
export type OfficerBody = z.infer<typeof officerBody>;

export const officerJson = z.object({
  user_id: z.number(),
  username: z.string(),
  display_name: z.string(),
  title: z.string(),
  permissions: z.array(z.enum(CLUB_PERMISSIONS)),
});
export type OfficerJson = z.infer<typeof officerJson>;

export const transferBody = z.object({
  to_user_id: z.number().int().positive().max(MAX_INT),
  previous_owner_permissions: permissionList.optional(),
  previous_owner_title: title.optional(),
  previous_owner_leaves: z.boolean().optional(),
});
export type TransferBody = z.infer<typeof transferBody>;

const TRANSFER_STATUSES = [
  "offered",
  "awaiting_approval",
  "completed",
  "declined",
  "cancelled",
  "refused",
] as const;

export const transferJson = z.object({
  id: z.number(),
  club_id: z.number(),
  from_user_id: z.number().nullable(),
  to_user_id: z.number(),
  status: z.enum(TRANSFER_STATUSES),
  previous_owner_title: z.string().nullable(),
  previous_owner_permissions: z.array(z.enum(CLUB_PERMISSIONS)),
  previous_owner_leaves: z.boolean(),
  owner_request_id: z.number().nullable(),
  created_at: z.string(),
});
export type TransferJson = z.infer<typeof transferJson>;

export const reassignBody = z.object({ user_id: z.number().int().positive().max(MAX_INT) });
