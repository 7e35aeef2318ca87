/**
 * Web Push in the service worker: `push` shows the notification the server sent (JSON from
 * src/features/push/push-jobs.ts, decrypted by the browser), `notificationclick` opens its
 * page, focusing a tab of the app that is already open rather than opening another.
 */
type PushPayload = { title?: string; body?: string; path?: string; tag?: string; icon?: string };
type NotificationLike = { data: unknown; close(): void };
type WindowClientLike = { url: string; focus(): Promise<unknown>; navigate?(url: string): Promise<unknown> };
type PushScope = {
  addEventListener(
    type: "push",
    listener: (
      event: Event & {
        data: { json(): unknown; text(): string } | null;
        waitUntil(p: Promise<unknown>): void;
      },
    ) => void,
  ): void;
  addEventListener(
    type: "notificationclick",
    listener: (
      event: Event & { notification: NotificationLike; waitUntil(p: Promise<unknown>): void },
    ) => void,
  ): void;
  registration: { showNotification(title: string, options: Record<string, unknown>): Promise<void> };
  clients: {
    matchAll(options: { type: "window"; includeUncontrolled: boolean }): Promise<WindowClientLike[]>;
    openWindow(url: string): Promise<unknown>;
  };
  location: Location;
};

/** Only a path of this app: a push never sends the person to another site. */
function safePath(path: unknown): string {
  return typeof path === "string" && path.startsWith("/") && !path.startsWith("//") ? path : "/";
}

function readPayload(data: { json(): unknown; text(): string } | null): PushPayload {
  if (!data) return {};
  try {
    const parsed = data.json();
    return parsed && typeof parsed === "object" ? (parsed as PushPayload) : {};
  } catch {
    return { body: data.text() };
  }
}

export function listenForPushes(scope: PushScope): void {
  scope.addEventListener("push", (event) => {
    const payload = readPayload(event.data);
    const title = payload.title || "ClubNica";
    event.waitUntil(
      scope.registration.showNotification(title, {
        body: payload.body ?? "",
        icon: payload.icon || "/icons/icon-192.png",
        badge: "/icons/icon-192.png",
        // One tag per conversation or club: a newer push replaces the older one on the device.
        tag: payload.tag || undefined,
        renotify: Boolean(payload.tag),
        data: { path: safePath(payload.path) },
      }),
    );
  });

  scope.addEventListener("notificationclick", (event) => {
    event.notification.close();
    const data = event.notification.data as { path?: unknown } | null;
    const target = new URL(safePath(data?.path), scope.location.origin).href;
    event.waitUntil(
      (async () => {
        const tabs = await scope.clients.matchAll({ type: "window", includeUncontrolled: true });
        const tab = tabs.find((client) => new URL(client.url).origin === scope.location.origin);
        if (tab) {
          // focus() needs the click's user activation; without it the page still navigates.
          await tab.focus().catch(() => undefined);
          if (tab.url !== target && tab.navigate) await tab.navigate(target);
          return;
        }
        await scope.clients.openWindow(target);
      })(),
    );
  });
}
