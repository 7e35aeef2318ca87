import { z } from "zod";
import { m } from "../../../common/messages";
import { LOCALES } from "../../../common/messages/locales";

const localeField = z.enum(LOCALES, { error: () => m.language.invalid });

export const localeBody = z.object({ locale: localeField });

export const localeResponse = z.object({ locale: z.enum(LOCALES) });

export const localeParams = z.object({ locale: localeField });

/** Only a path on this site (never `//host` or a full URL): the switch must not redirect away. */
export const nextQuery = z.object({
  next: z
    .string()
    .max(2000)
    .regex(/^\/(?![/\\])/)
    .optional()
    .catch(undefined),
});
