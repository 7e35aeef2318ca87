/** The closed sets the database, the API and the screens share (PostgreSQL enums in db/schema). */
export const ROLES = ["member", "owner", "admin"] as const;
export const REGIONS = ["Managua", "León", "Masaya", "Granada"] as const;
export const GENDERS = ["male", "female", "other"] as const;
export type Role = (typeof ROLES)[number];
export type Region = (typeof REGIONS)[number];
export type Gender = (typeof GENDERS)[number];
/** The orders of the /home feed (`?sort=` on the page, `filter` on the API). */
export const FEED_SORTS = ["relevant", "newest", "liked"] as const;
export type FeedSort = (typeof FEED_SORTS)[number];
