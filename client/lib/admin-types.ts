import type { Role } from "./session";

/** GET /api/admin/users items. */
export type AdminUser = {
  id: number;
  username: string;
  role: Role;
  first_name: string | null;
  last_name: string | null;
  email: string | null;
  email_verified: boolean;
  test_account: boolean;
  ban_until: string | null;
  mute_until: string | null;
  is_banned: boolean;
  is_muted: boolean;
  created_at: string;
};

export type OwnerRequest = {
  id: number;
  user_id: number;
  username: string;
  first_name: string | null;
  last_name: string | null;
  role: Role;
  requested_role: "owner";
  created_at: string;
};

export type CreatedDummy = { id: number; username: string; role: Role; plain_password: string };
