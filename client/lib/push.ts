/**
 * This browser's Web Push subscription: the service worker's PushManager on one side, the
 * API (`/api/push/*`) on the other. Only the browser can subscribe (it talks to its vendor's
 * push service), so these run after a person's click, never on their own.
 */
import { type Api, ApiError } from "./api";

const NOT_NOW_KEY = "clubnica.push.notNow";
/** A "not now" is remembered this long before the card may ask again. */
const NOT_NOW_MS = 30 * 24 * 3600 * 1000;

export type PushState = "unsupported" | "denied" | "on" | "off";

export function isPushSupported(): boolean {
  return (
    typeof window !== "undefined" &&
    "serviceWorker" in navigator &&
    "PushManager" in window &&
    "Notification" in window
  );
}

async function registration(): Promise<ServiceWorkerRegistration> {
  return await navigator.serviceWorker.ready;
}

export async function readPushState(): Promise<PushState> {
  if (!isPushSupported()) return "unsupported";
  if (Notification.permission === "denied") return "denied";
  // Not `ready`: with no service worker active yet it never resolves, and the screen would wait.
  const reg = await navigator.serviceWorker.getRegistration();
  const subscription = reg ? await reg.pushManager.getSubscription() : null;
  return subscription ? "on" : "off";
}

function keyBytes(base64url: string): Uint8Array<ArrayBuffer> {
  const base64 = base64url.replace(/-/g, "+").replace(/_/g, "/");
  const raw = atob(base64 + "=".repeat((4 - (base64.length % 4)) % 4));
  return Uint8Array.from(raw, (c) => c.charCodeAt(0));
}

/** Asks for permission (the browser's own prompt), subscribes and tells the server. */
export async function turnPushOn(api: Api): Promise<PushState> {
  const permission = await Notification.requestPermission();
  if (permission !== "granted") return permission === "denied" ? "denied" : "off";
  const { public_key } = await api.get<{ public_key: string }>("/api/push/vapid-public-key");
  const reg = await registration();
  const subscribe = () =>
    reg.pushManager.subscribe({ userVisibleOnly: true, applicationServerKey: keyBytes(public_key) });
  const subscription = (await reg.pushManager.getSubscription()) ?? (await subscribe());
  try {
    await api.post("/api/push/subscriptions", { json: subscription.toJSON() });
  } catch (error) {
    // 409: this browser's endpoint is still another account's (someone used it before and did
    // not log out). The browser's holder may drop it and take a fresh one; the old account's
    // row then dies at its next send.
    if (!(error instanceof ApiError) || error.status !== 409) throw error;
    await subscription.unsubscribe();
    await api.post("/api/push/subscriptions", { json: (await subscribe()).toJSON() });
  }
  return "on";
}

export async function turnPushOff(api: Api): Promise<PushState> {
  const subscription = await (await registration()).pushManager.getSubscription();
  if (subscription) {
    await api.del("/api/push/subscriptions", { json: { endpoint: subscription.endpoint } });
    await subscription.unsubscribe();
  }
  return "off";
}

/** This browser's own subscription, if a service worker holds one (never waits for one to start). */
async function currentSubscription(): Promise<PushSubscription | null> {
  if (!isPushSupported()) return null;
  const reg = await navigator.serviceWorker.getRegistration();
  return reg ? await reg.pushManager.getSubscription() : null;
}

/**
 * On log-out. The server deletes this browser's subscription with the session that made it;
 * the browser drops its own too, so the next person on a shared computer sees push "off"
 * rather than a switch that claims to be on.
 */
export async function forgetPushHere(): Promise<void> {
  await (await currentSubscription())?.unsubscribe();
}

/**
 * When this browser gets a new session (`token`): a log-in, a password change or a sign-out of
 * the other devices. The server ties a subscription to the session that posted it, so this
 * browser's subscription, if it has one, is posted again under the new session: after a
 * password change (which deleted every subscription) it keeps its pushes, and after a log-in
 * that followed an expired session, its next log-out ends them (the old session's row would not
 * have been found).
 */
export async function bindPushHere(api: Api, token: string): Promise<void> {
  const subscription = await currentSubscription();
  if (!subscription || Notification.permission !== "granted") return;
  await api.post("/api/push/subscriptions", { token, json: subscription.toJSON() });
}

export function rememberNotNow(): void {
  try {
    localStorage.setItem(NOT_NOW_KEY, String(Date.now()));
  } catch {
    // Storage blocked: the card simply may ask again next time.
  }
}

export function saidNotNowRecently(): boolean {
  try {
    const at = Number(localStorage.getItem(NOT_NOW_KEY));
    return Number.isFinite(at) && at > 0 && Date.now() - at < NOT_NOW_MS;
  } catch {
    return false;
  }
}

const OFFER_EVENT = "clubnica:push-offer";

/**
 * Called after a meaningful action (joining a club, an RSVP, opening a chat): the moment the
 * explanation card may appear. Never called on page load.
 */
export function offerPush(): void {
  if (typeof window !== "undefined") window.dispatchEvent(new Event(OFFER_EVENT));
}

export function onPushOffer(listener: () => void): () => void {
  window.addEventListener(OFFER_EVENT, listener);
  return () => window.removeEventListener(OFFER_EVENT, listener);
}
