import { customType } from "drizzle-orm/pg-core";

/** Case-insensitive text (the citext extension); drizzle has no built-in column type for it. */
export const citext = customType<{ data: string }>({
  dataType: () => "citext",
});

export const bytea = customType<{ data: Buffer; driverData: Buffer }>({
  dataType: () => "bytea",
});

export const ROLES = ["member", "owner", "admin"] as const;
export const REGIONS = ["Managua", "León", "Masaya", "Granada"] as const;
export const GENDERS = ["male", "female", "other"] as const;
export type Role = (typeof ROLES)[number];
export type Region = (typeof REGIONS)[number];
export type Gender = (typeof GENDERS)[number];
