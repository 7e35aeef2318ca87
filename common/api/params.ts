import { z } from "zod";

/**
 * The path id and paging query shared by the club, connection, post and comment routes, so an
 * id or a page is validated (and answered with the same 422) the same way everywhere.
 */
export const MAX_INT = 2_147_483_647;

export const positiveId = z.coerce.number().int().positive().max(MAX_INT);

export const idParam = z.object({ id: positiveId });

/** `?limit=` (1-100) and `?offset=`; lists that page deep by cursor cap the offset lower. */
export function pageFields({ defaultLimit = 20, maxOffset = 100_000 } = {}) {
  return {
    limit: z.coerce.number().int().min(1).max(100).default(defaultLimit),
    offset: z.coerce.number().int().min(0).max(maxOffset).default(0),
  };
}
