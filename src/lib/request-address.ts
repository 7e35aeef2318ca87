import { BlockList, isIP } from "node:net";

/** "::ffff:10.0.0.1" (IPv4 seen on an IPv6 socket) is 10.0.0.1. */
function normalizeAddress(address: string): string {
  const trimmed = address.trim();
  const mapped = /^::ffff:(\d+\.\d+\.\d+\.\d+)$/i.exec(trimmed);
  return (mapped?.[1] ?? trimmed).toLowerCase();
}

/** The proxies (CIDR ranges or addresses) whose X-Forwarded-For is believed. */
export function createProxyList(entries: string[]): BlockList {
  const list = new BlockList();
  for (const entry of entries) {
    const [address = "", prefix] = entry.split("/");
    const type = isIP(address) === 6 ? "ipv6" : "ipv4";
    if (prefix === undefined) list.addAddress(normalizeAddress(address), type);
    else list.addSubnet(normalizeAddress(address), Number(prefix), type);
  }
  return list;
}

function isTrusted(list: BlockList, address: string): boolean {
  const family = isIP(address);
  if (family === 0) return false;
  return list.check(address, family === 6 ? "ipv6" : "ipv4");
}

/**
 * The client's address: the socket's peer, unless that peer is a trusted proxy; then
 * X-Forwarded-For is read from the right, skipping trusted proxies, and the first other
 * address is the client (what a client writes on the left cannot be believed). A request
 * with no socket (the app calling itself in-process) counts as the loopback address.
 */
export function resolveClientAddress({
  peer,
  forwardedFor,
  proxies,
}: {
  peer: string | null | undefined;
  forwardedFor: string | null | undefined;
  proxies: BlockList;
}): string {
  let client = normalizeAddress(peer || "127.0.0.1");
  if (!forwardedFor || !isTrusted(proxies, client)) return client;
  const hops = forwardedFor.split(",").map(normalizeAddress).filter(Boolean);
  for (let i = hops.length - 1; i >= 0; i--) {
    const hop = hops[i]!;
    if (isIP(hop) === 0) return client;
    client = hop;
    if (!isTrusted(proxies, hop)) return client;
  }
  return client;
}

/** What can name a request's socket peer: Bun's server (`server.requestIP`). */
export type PeerSource = { requestIP(request: Request): { address: string } | null } | null | undefined;

/**
 * Bun knows a request's socket only through the Request object it handed to the app: a copy
 * (`new Request(url, init)`, as the body guard makes to stream a body through its checks) has none, and
 * `requestIP` on it answers null, which once made every request with a body count as
 * 127.0.0.1 and every per-address limit one counter for the whole site. Whatever replaces a
 * request calls carrySocketPeer first; the copy then answers with the original's peer.
 */
const carriedPeers = new WeakMap<Request, string | null>();

export function carrySocketPeer({
  from,
  to,
  server,
}: {
  from: Request;
  to: Request;
  server: PeerSource;
}): void {
  carriedPeers.set(to, socketPeer(from, server));
}

/** The socket's peer address of a request, or of the request it was copied from; null in-process. */
export function socketPeer(request: Request, server: PeerSource): string | null {
  const carried = carriedPeers.get(request);
  if (carried !== undefined) return carried;
  return server?.requestIP(request)?.address ?? null;
}
