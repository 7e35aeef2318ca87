import { BlockList, isIP } from "node:net";

/**
 * Addresses a push endpoint may not resolve to: this machine, the private networks around it
 * and the special ranges (RFC 6890). A push subscription is a URL chosen by the browser, so
 * anyone signed in could otherwise make the server POST into the cluster (SSRF).
 */
const blocked = new BlockList();
for (const [net, prefix] of [
  ["0.0.0.0", 8], // "this network"
  ["10.0.0.0", 8], // private
  ["100.64.0.0", 10], // carrier-grade NAT
  ["127.0.0.0", 8], // loopback
  ["169.254.0.0", 16], // link-local (cloud metadata lives here)
  ["172.16.0.0", 12], // private
  ["192.0.0.0", 24], // IETF protocol assignments
  ["192.0.2.0", 24], // documentation
  ["192.168.0.0", 16], // private
  ["198.18.0.0", 15], // benchmarking
  ["198.51.100.0", 24], // documentation
  ["203.0.113.0", 24], // documentation
  ["224.0.0.0", 4], // multicast
  ["240.0.0.0", 4], // reserved and broadcast
] as const) {
  blocked.addSubnet(net, prefix, "ipv4");
}
for (const [net, prefix] of [
  ["::", 128], // unspecified
  ["::1", 128], // loopback
  ["64:ff9b::", 96], // NAT64 to any IPv4
  ["64:ff9b:1::", 48], // local NAT64
  ["100::", 64], // discard
  ["2001::", 23], // IETF protocol assignments (Teredo and others)
  ["2001:db8::", 32], // documentation
  ["2002::", 16], // 6to4 wraps any IPv4
  ["fc00::", 7], // unique local (ULA)
  ["fe80::", 10], // link-local
  ["fec0::", 10], // old site-local
  ["ff00::", 8], // multicast
] as const) {
  blocked.addSubnet(net, prefix, "ipv6");
}

// BlockList matches an IPv4 address against IPv4-mapped IPv6 rules too, so mapped addresses
// (::ffff:a.b.c.d, however written) are refused by their textual form instead of a subnet rule.
const mapped = /^(0{0,4}:){0,5}:?ffff:/i;

/** True for a public unicast address; IPv4-mapped IPv6 (::ffff:a.b.c.d) is never accepted. */
export function isPublicAddress(address: string): boolean {
  const family = isIP(address);
  if (family === 0) return false;
  if (family === 6 && mapped.test(address)) return false;
  return !blocked.check(address, family === 4 ? "ipv4" : "ipv6");
}
