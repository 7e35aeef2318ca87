import { z } from "zod";
import type { Role } from "../../common/enums";

/** The JWT payload: `sub` is the username (spec section 3), plus id, role and token version. */
export const tokenClaimsSchema = z.object({
  sub: z.string(),
  id: z.number().int(),
  role: z.enum(["member", "owner", "admin"]),
  ver: z.number().int(),
});

export type TokenClaims = z.infer<typeof tokenClaimsSchema>;

export type SessionUser = {
  id: number;
  username: string;
  role: Role;
  muteUntil: Date | null;
};

export function bearerToken(authorization: string | undefined | null): string | null {
  if (!authorization) return null;
  const match = /^Bearer\s+(.+)$/i.exec(authorization.trim());
  return match?.[1]?.trim() || null;
}
