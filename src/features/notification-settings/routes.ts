import { Elysia } from "elysia";
import type { AppDeps } from "../../deps";
import type { AuthPlugin } from "../../plugins/auth";
import { notificationSettingsDocs } from "./route-docs";
import { notificationSettings, notificationSettingsUpdate } from "./schema";
import { getNotificationSettings, updateNotificationSettings } from "./service";

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
        detail: notificationSettingsDocs.getSettings,
      },
    )
    .put(
      "/api/users/me/notification-settings",
      async ({ user, body }) => await updateNotificationSettings({ db, userId: user.id, changes: body }),
      {
        auth: true,
        body: notificationSettingsUpdate,
        response: { 200: notificationSettings },
        detail: notificationSettingsDocs.updateSettings,
      },
    );
}
