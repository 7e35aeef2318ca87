import { z } from "zod";

export const notificationCountResponse = z.number().int().min(0);
