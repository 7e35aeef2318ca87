import { z } from "zod";
import { m } from "../../../common/messages";

/** The unsubscribe link's token: 32 random bytes in base64url (43 characters). */
export const unsubscribeQuery = z.object({
  token: z
    .string({ error: () => m.digest.tokenInvalid })
    .regex(/^[A-Za-z0-9_-]{43}$/, { error: () => m.digest.tokenInvalid })
    .describe("The secret from the digest's List-Unsubscribe link"),
});

/**
 * RFC 8058's one-click body (`List-Unsubscribe=One-Click`, form-encoded). Mail providers send
 * it; the confirmation page's button sends it too. Any other form field is ignored.
 */
export const unsubscribeBody = z
  .object({ "List-Unsubscribe": z.string().max(100).optional() })
  .optional()
  .describe("application/x-www-form-urlencoded: List-Unsubscribe=One-Click (optional)");
