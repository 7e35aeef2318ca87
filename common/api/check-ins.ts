import { z } from "zod";
import { m } from "../messages";
import { positiveId } from "./params";

/** Attendance check-in: the owner's rotating code, a member's check-in and the list. */

/** Spaces and dashes a person may type between the digits are ignored. */
export const checkInBody = z.object({
  code: z.preprocess(
    (v) => (typeof v === "string" ? v.replace(/[\s-]/g, "") : v),
    z.string({ error: () => m.checkIns.codeFormat }).regex(/^\d{6}$/, { error: () => m.checkIns.codeFormat }),
  ),
  checked_in_at: z.iso
    .datetime({ offset: true })
    .optional()
    .describe(
      "When the person checked in, for a check-in queued on the phone without signal; the code must have been valid then",
    ),
});

export const manualCheckInBody = z.object({ user_id: z.number().int().positive() });

/** One person's check-in to one event (the path's event id and person's user id). */
export const checkInParams = z.object({ id: positiveId, userId: positiveId });

/**
 * `present` counts; `pending` ("por confirmar") reached the server more than two minutes after
 * its claimed time (a queued check-in), so it waits for the owner; `rejected` was turned down.
 */
const checkInStatus = z.enum(["present", "pending", "rejected"]);

export const checkInCode = z.object({
  code: z.string().nullable().describe("The current 6-digit code; null outside the check-in window"),
  step_ends_at: z.string().describe("When this code is replaced by the next one"),
  opens_at: z.string(),
  closes_at: z.string(),
  is_open: z.boolean(),
  event_title: z.string().nullable(),
});

const checkInPerson = z.object({
  id: z.number(),
  username: z.string(),
  first_name: z.string().nullable(),
  last_name: z.string().nullable(),
  profile_picture_url: z.string().nullable(),
});

export const checkInResult = z.object({
  post_id: z.number(),
  user_id: z.number(),
  checked_in_at: z.string(),
  status: checkInStatus.describe(
    "present counts; pending: claimed more than 2 min before it reached the server, waits for the owner",
  ),
});

export const checkInList = z.object({
  event_title: z.string().nullable(),
  checked_in: z.array(checkInPerson.extend({ checked_in_at: z.string(), by_hand: z.boolean() })),
  pending: z
    .array(checkInPerson.extend({ checked_in_at: z.string(), received_at: z.string() }))
    .describe("Check-ins por confirmar: not counted until the owner confirms them"),
  not_checked_in: z.array(checkInPerson),
});

export type CheckInCode = z.infer<typeof checkInCode>;
export type CheckInList = z.infer<typeof checkInList>;
export type CheckInPerson = z.infer<typeof checkInPerson>;
export type CheckInResult = z.infer<typeof checkInResult>;
export type CheckInStatus = z.infer<typeof checkInStatus>;
