import { describe, expect, test } from "bun:test";
import { isPublicAddress } from "./public-address";

/** Issue 46, item 9: the push endpoint guard's address rule, range by range. */
describe("the public-address rule", () => {
  test.each([
    "8.8.8.8",
    "1.1.1.1",
    "142.250.80.46",
    "100.63.255.255",
    "100.128.0.1",
    "172.32.0.1",
    "198.20.0.1",
    "223.255.255.255",
    "2607:f8b0:4004:800::200e",
    "2a00:1450:4001:82a::200e",
    "2001:4860:4860::8888",
    "2003::1",
  ])("%s is public", (address) => {
    expect(isPublicAddress(address)).toBe(true);
  });

  test.each([
    // IPv4 special-purpose registry
    ["0.0.0.0", "this network"],
    ["0.1.2.3", "this network"],
    ["10.1.2.3", "private"],
    ["100.64.0.1", "shared address space"],
    ["100.127.255.254", "shared address space"],
    ["127.0.0.1", "loopback"],
    ["127.255.255.255", "loopback"],
    ["169.254.169.254", "link-local"],
    ["172.16.5.4", "private"],
    ["172.31.255.255", "private"],
    ["192.0.0.8", "IETF protocol assignments"],
    ["192.0.2.1", "documentation"],
    ["192.31.196.1", "AS112-v4"],
    ["192.52.193.1", "AMT"],
    ["192.88.99.1", "6to4 relay anycast"],
    ["192.168.1.10", "private"],
    ["192.175.48.1", "AS112 direct delegation"],
    ["198.18.0.1", "benchmarking"],
    ["198.19.255.255", "benchmarking"],
    ["198.51.100.7", "documentation"],
    ["203.0.113.9", "documentation"],
    ["224.0.0.1", "multicast"],
    ["239.255.255.250", "multicast"],
    ["240.0.0.1", "reserved"],
    ["255.255.255.255", "broadcast"],
    // IPv4-compatible IPv6, ::/96: the audit's hole
    ["::127.0.0.1", "IPv4-compatible loopback"],
    ["::7f00:1", "IPv4-compatible loopback, hex"],
    ["::10.0.0.1", "IPv4-compatible private"],
    ["::8.8.8.8", "IPv4-compatible (deprecated, never a push service)"],
    ["0:0:0:0:0:0:a9fe:a9fe", "IPv4-compatible metadata address"],
    ["::", "unspecified"],
    ["::1", "loopback"],
    ["0:0:0:0:0:0:0:1", "loopback, long form"],
    // IPv4-mapped ::ffff:0:0/96, however written
    ["::ffff:127.0.0.1", "mapped loopback"],
    ["::ffff:7f00:1", "mapped loopback, hex"],
    ["::ffff:8.8.8.8", "mapped public"],
    ["0:0:0:0:0:ffff:808:808", "mapped, long form"],
    ["::ffff:0:10.0.0.1", "SIIT translated"],
    // NAT64 and 6to4 wrapping private IPv4
    ["64:ff9b::10.0.0.1", "NAT64 to private"],
    ["64:ff9b::7f00:1", "NAT64 to loopback"],
    ["64:ff9b:1::a00:1", "local-use NAT64"],
    ["2002:7f00:1::1", "6to4 of 127.0.0.1"],
    ["2002:a00:1::1", "6to4 of 10.0.0.1"],
    ["2002:c0a8:101::", "6to4 of 192.168.1.1"],
    // IPv6 special-purpose registry
    ["100::1", "discard-only"],
    ["2001::1", "Teredo"],
    ["2001:0:4136:e378:8000:63bf:3fff:fdd2", "Teredo"],
    ["2001:2::1", "benchmarking"],
    ["2001:20::1", "ORCHIDv2"],
    ["2001:db8::1", "documentation"],
    ["3fff::1", "documentation (RFC 9637)"],
    ["2620:4f:8000::1", "AS112 direct delegation"],
    ["5f00::1", "SRv6 SIDs"],
    ["fc00::1", "unique local"],
    ["fd12:3456::1", "unique local"],
    ["fe80::1", "link-local"],
    ["fe80::1%eth0", "link-local with a zone"],
    ["febf::1", "link-local"],
    ["fec0::1", "site-local"],
    ["ff02::1", "multicast"],
    ["ff05::2", "multicast"],
    // not addresses at all
    ["localhost", "a name"],
    ["", "empty"],
    ["1.2.3", "three parts"],
    ["::g", "bad hex"],
  ])("%s is refused (%s)", (address) => {
    expect({ address, public: isPublicAddress(address) }).toEqual({ address, public: false });
  });
});
