import { Elysia } from "elysia";
import type { AppDeps } from "../../deps";
import { negotiateLocale } from "../../platform/locale/negotiate";
import type { LiveHub } from "./hub";

/**
 * `GET /api/live`: the live connection, a WebSocket on Bun's own server (Elysia's `.ws`).
 * The protocol is in common/api/live.ts and docs/live.md. Elysia wraps the socket anew for each
 * event, so the hub keys its state on the raw Bun socket (`ws.raw`).
 */
/**
 * Elysia keeps the whole upgrade context (the Request, its headers, the parsed query, cookies,
 * every derived value) as `ws.data` for the socket's life. The hub needs none of it after
 * `open` (the locale is read there), and 10,000 sockets kept 10,000 Requests and their headers
 * (docs/capacity.md "Memory"). Emptying each socket's context still left one object per socket
 * with the room its properties had taken, so the socket's data is swapped (Bun's `ws.data` is
 * writable) for one object per route: the same prototype (the route's handlers, patched Elysia)
 * and `validator`, which Elysia reads when it wraps the socket for each event. The route uses
 * no per-socket Elysia state (`ws.id` would now be one id for every live socket; nothing reads
 * it: the hub keys its state on the raw socket).
 */
function routeData(data: object): object {
  return Object.assign(Object.create(Object.getPrototypeOf(data)), {
    validator: (data as { validator?: unknown }).validator,
  });
}

export function liveRoutes({ deps, hub }: { deps: AppDeps; hub: LiveHub }) {
  let shared: object | null = null;
  return new Elysia({ name: "live-routes", detail: { tags: ["Live"] } }).ws("/api/live", {
    // Not in the OpenAPI document: a WebSocket is no HTTP operation, and Swagger UI stops
    // listing the calls when one has the method "ws". docs/live.md and docs/api.md describe it.
    detail: {
      hide: true,
      summary: "The live connection (WebSocket)",
      description:
        'Upgrade to a WebSocket; the first frame must be `{"type":"auth","token":"<the JWT>"}` within 5 s, answered `{"type":"ready"}` or closed with 4401. Then `subscribe`/`unsubscribe` `{"conversation":"club:<id>"|"user:<id>"}`; the server sends `message` (exactly the JSON of GET /api/messages), `message_updated` (a message already sent was edited, deleted or its reactions changed: the whole message as the follower GET would now return it), `badge`, `notice`, `typing` and `read` (`{conversation, user_id, last_read_id, read_at}`: someone read further; only between people who share read receipts) frames. The protocol, close codes and limits: docs/live.md.',
    },
    open(ws) {
      hub.open(ws.raw, negotiateLocale(ws.data.request, deps.config.DEFAULT_LOCALE));
      shared ??= routeData(ws.data);
      (ws.raw as { data: unknown }).data = shared;
    },
    async message(ws, message) {
      await hub.message(ws.raw, message);
    },
    close(ws) {
      hub.close(ws.raw);
    },
  });
}
