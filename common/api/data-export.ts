import { z } from "zod";

const DATA_EXPORT_STATUSES = ["none", "pending", "ready"] as const;

/**
 * Where the caller's "download my data" file stands. `none` also after a file expired;
 * `expires_at` is set once the file is ready (7 days after).
 */
export const dataExportStatus = z.object({
  status: z.enum(DATA_EXPORT_STATUSES),
  requested_at: z.string().nullable(),
  expires_at: z.string().nullable(),
  byte_size: z.number().int().nonnegative().nullable(),
});

export type DataExportStatus = z.infer<typeof dataExportStatus>;
