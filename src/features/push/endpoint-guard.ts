import { lookup } from "node:dns/promises";
import { isIP } from "node:net";
import { m } from "../../../common/messages";
import { Invalid } from "../../lib/errors";
import { isPublicAddress } from "./public-address";

/** Where a push may go: the URL and the one address checked for it (the connection uses that one). */
export type CheckedEndpoint = { url: URL; address: string; family: 4 | 6 };

const refuse = (msg: string) => Invalid.field(["body", "endpoint"], msg);

function isAllowListed(url: URL, allowList: string[]): boolean {
  const host = url.hostname.replace(/^\[|\]$/g, "").toLowerCase();
  const port = url.port || "443";
  return allowList.some(
    (entry) => entry === host || entry === `${host}:${port}` || entry === `[${host}]:${port}`,
  );
}

/**
 * Checks a push endpoint and resolves its host, at subscribe time and again before every send
 * (a host may point elsewhere later: DNS rebinding). Only https; every address the name
 * resolves to must be public, unless the host is in PUSH_ENDPOINT_ALLOWLIST. Throws a 422
 * naming the problem; the caller connects to the returned address, not the name again.
 */
export async function checkPushEndpoint(endpoint: string, allowList: string[]): Promise<CheckedEndpoint> {
  let url: URL;
  try {
    url = new URL(endpoint);
  } catch {
    throw refuse(m.push.badEndpoint);
  }
  // RFC 8030 requires https; an allow-listed host is exempt from the address rule, not from TLS.
  if (url.protocol !== "https:" || url.username || url.password) throw refuse(m.push.badEndpoint);
  const host = url.hostname.replace(/^\[|\]$/g, "");
  let addresses: { address: string; family: number }[];
  if (isIP(host)) {
    addresses = [{ address: host, family: isIP(host) }];
  } else {
    try {
      addresses = await lookup(host, { all: true, verbatim: true });
    } catch {
      throw refuse(m.push.unresolvedEndpoint);
    }
  }
  const first = addresses[0];
  if (!first) throw refuse(m.push.unresolvedEndpoint);
  if (!isAllowListed(url, allowList) && !addresses.every((a) => isPublicAddress(a.address))) {
    throw refuse(m.push.privateEndpoint);
  }
  return { url, address: first.address, family: first.family === 6 ? 6 : 4 };
}
