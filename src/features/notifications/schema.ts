import { z } from "zod";

export const notificationCountResponse = z.number().int().min(0);

export const noticeListQuery = z.object({
  limit: z.coerce.number().int().min(1).max(100).default(20),
  offset: z.coerce.number().int().min(0).default(0),
});

export const noticeResponse = z.object({
  id: z.number(),
  kind: z.string(),
  club_id: z.number().nullable(),
  club_name: z.string().nullable(),
  created_at: z.string(),
  seen: z.boolean(),
});

export const noticeListResponse = z.array(noticeResponse);

export type NoticeJson = z.infer<typeof noticeResponse>;
