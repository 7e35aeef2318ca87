import { z } from "zod";
import { MAX_INT, pageFields } from "./params";

export const notificationCountResponse = z.number().int().min(0);

export const noticeListQuery = z.object(pageFields({ maxOffset: MAX_INT }));

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
