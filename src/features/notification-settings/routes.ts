import { Elysia } from "elysia";
import type { AppDeps } from "../../deps";
import type { AuthPlugin } from "../../plugins/auth";
import { notificationSettings, notificationSettingsUpdate } from "./schema";
import { getNotificationSettings, updateNotificationSettings } from "./service";

const documentNote =
  "One JSON document for the caller's notification and contact settings: who_can_message (everyone, clubs or nobody; default everyone), quiet_hours ({start, end} in HH:MM, America/Managua, or null for off; default 21:00 to 07:00), digest (the weekly digest e-mail, true or false; default true), kinds (per notice kind, {push, email}) and muted_clubs (club ids whose notices are listed but never pushed or e-mailed). New settings arrive as new keys with a default.";

export function notificationSettingsRoutes({ deps, auth }: { deps: AppDeps; auth: AuthPlugin }) {
  const { db } = deps;
  return new Elysia({ name: "notification-settings-routes", detail: { tags: ["Users"] } })
    .use(auth)
    .get(
      "/api/users/me/notification-settings",
      async ({ user }) => await getNotificationSettings({ db, userId: user.id }),
      {
        auth: true,
        response: { 200: notificationSettings },
        detail: {
          summary: "The caller's notification and contact settings",
          description: `${documentNote} Every key is present; a person who never saved anything gets the defaults. Banned users get 403 like everywhere.`,
        },
      },
    )
    .put(
      "/api/users/me/notification-settings",
      async ({ user, body }) => await updateNotificationSettings({ db, userId: user.id, changes: body }),
      {
        auth: true,
        body: notificationSettingsUpdate,
        response: { 200: notificationSettings },
        detail: {
          summary: "Change the caller's notification and contact settings",
          description: `${documentNote} JSON with any of the document's keys: the keys sent are saved, the others keep their value. An unknown key or a value outside the allowed ones is 422 and nothing is saved. Muted users may change their settings. Answers the whole document.`,
        },
      },
    );
}
