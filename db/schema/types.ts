import { customType } from "drizzle-orm/pg-core";

/** Case-insensitive text (the citext extension); drizzle has no built-in column type for it. */
export const citext = customType<{ data: string }>({
  dataType: () => "citext",
});

export const bytea = customType<{ data: Buffer; driverData: Buffer }>({
  dataType: () => "bytea",
});

export { GENDERS, type Gender, REGIONS, type Region, ROLES, type Role } from "../../common/enums";
