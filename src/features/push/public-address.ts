import { isIP } from "node:net";

/**
 * Addresses a push endpoint may resolve to: public unicast only. A push subscription is a URL
 * chosen by the browser, so anyone signed in could otherwise make the server POST into the
 * cluster (SSRF). Parsed here byte by byte rather than with node's BlockList, whose IPv6 rules
 * left IPv4-compatible addresses (`::127.0.0.1`, that is ::/96) through.
 *
 * The ranges are those of the IANA special-purpose registries (RFC 6890 and its updates),
 * global or not: a push service never lives in any of them.
 */
const IPV4_SPECIAL: readonly [string, number][] = [
  ["0.0.0.0", 8], // "this network"
  ["10.0.0.0", 8], // private
  ["100.64.0.0", 10], // shared address space (carrier-grade NAT)
  ["127.0.0.0", 8], // loopback
  ["169.254.0.0", 16], // link-local (cloud metadata lives here)
  ["172.16.0.0", 12], // private
  ["192.0.0.0", 24], // IETF protocol assignments
  ["192.0.2.0", 24], // documentation (TEST-NET-1)
  ["192.31.196.0", 24], // AS112-v4
  ["192.52.193.0", 24], // AMT
  ["192.88.99.0", 24], // deprecated 6to4 relay anycast
  ["192.168.0.0", 16], // private
  ["192.175.48.0", 24], // direct delegation AS112
  ["198.18.0.0", 15], // benchmarking
  ["198.51.100.0", 24], // documentation (TEST-NET-2)
  ["203.0.113.0", 24], // documentation (TEST-NET-3)
  ["224.0.0.0", 4], // multicast
  ["240.0.0.0", 4], // reserved, and 255.255.255.255 broadcast
];

/**
 * IPv6 outside 2000::/3 (global unicast) is refused whole: that covers ::/96 (unspecified,
 * loopback, IPv4-compatible), ::ffff:0:0/96 (IPv4-mapped), 64:ff9b::/96 and 64:ff9b:1::/48
 * (NAT64, which would reach any IPv4 behind the translator), 100::/64 (discard), 5f00::/16
 * (SRv6), fc00::/7 (ULA), fe80::/10 (link-local), fec0::/10 (site-local), ff00::/8 (multicast).
 * These are the special ranges inside it.
 */
const IPV6_SPECIAL_IN_GLOBAL: readonly [string, number][] = [
  ["2001::", 23], // IETF protocol assignments: Teredo (embeds any IPv4), benchmarking 2001:2::/48, ORCHID
  ["2001:db8::", 32], // documentation
  ["2002::", 16], // 6to4, which embeds any IPv4 (10.x, 127.x, ...)
  ["2620:4f:8000::", 48], // direct delegation AS112
  ["3fff::", 20], // documentation (RFC 9637)
];

function ipv4Bytes(address: string): Uint8Array | null {
  const parts = address.split(".");
  if (parts.length !== 4 || !parts.every((p) => /^\d{1,3}$/.test(p) && Number(p) <= 255)) return null;
  return Uint8Array.from(parts, Number);
}

/** 16 bytes, or null; a zone (`fe80::1%eth0`) is dropped, an embedded IPv4 tail is read. */
function ipv6Bytes(input: string): Uint8Array | null {
  let address = input.split("%")[0] ?? "";
  const groups: number[] = [];
  const tail = address.match(/^(.*:)(\d{1,3}(?:\.\d{1,3}){3})$/);
  if (tail) {
    const v4 = ipv4Bytes(tail[2]!);
    if (!v4) return null;
    address = `${tail[1]}${((v4[0]! << 8) | v4[1]!).toString(16)}:${((v4[2]! << 8) | v4[3]!).toString(16)}`;
  }
  const halves = address.split("::");
  if (halves.length > 2) return null;
  const read = (half: string) => (half === "" ? [] : half.split(":"));
  const head = read(halves[0]!);
  const rest = halves.length === 2 ? read(halves[1]!) : [];
  const missing = 8 - head.length - rest.length;
  if (halves.length === 2 ? missing < 1 : missing !== 0) return null;
  for (const group of [...head, ...Array(halves.length === 2 ? missing : 0).fill("0"), ...rest]) {
    if (!/^[0-9a-f]{1,4}$/i.test(group)) return null;
    groups.push(Number.parseInt(group, 16));
  }
  const bytes = new Uint8Array(16);
  groups.forEach((g, i) => {
    bytes[2 * i] = g >> 8;
    bytes[2 * i + 1] = g & 0xff;
  });
  return bytes;
}

function inPrefix(bytes: Uint8Array, net: Uint8Array, prefix: number): boolean {
  for (let bit = 0; bit < prefix; bit++) {
    const mask = 0x80 >> (bit % 8);
    const byte = Math.floor(bit / 8);
    if ((bytes[byte]! & mask) !== (net[byte]! & mask)) return false;
  }
  return true;
}

const v4Special = IPV4_SPECIAL.map(([net, prefix]) => ({ net: ipv4Bytes(net)!, prefix }));
const v6Special = IPV6_SPECIAL_IN_GLOBAL.map(([net, prefix]) => ({ net: ipv6Bytes(net)!, prefix }));
const GLOBAL_UNICAST = { net: ipv6Bytes("2000::")!, prefix: 3 };

/** True for a public unicast address; every special-purpose or embedded-IPv4 form is refused. */
export function isPublicAddress(address: string): boolean {
  const family = isIP(address.split("%")[0] ?? "");
  if (family === 4) {
    const bytes = ipv4Bytes(address);
    return bytes !== null && !v4Special.some((r) => inPrefix(bytes, r.net, r.prefix));
  }
  if (family !== 6) return false;
  const bytes = ipv6Bytes(address);
  if (!bytes || !inPrefix(bytes, GLOBAL_UNICAST.net, GLOBAL_UNICAST.prefix)) return false;
  return !v6Special.some((r) => inPrefix(bytes, r.net, r.prefix));
}
