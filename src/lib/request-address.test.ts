import { describe, expect, test } from "bun:test";
import { createProxyList, resolveClientAddress } from "./request-address";

const proxies = createProxyList(["10.0.0.0/8", "127.0.0.1", "fd00::/8"]);
const resolve = (peer: string | null, forwardedFor: string | null) =>
  resolveClientAddress({ peer, forwardedFor, proxies });

describe("the client address", () => {
  test("is the socket's peer when that peer is not a trusted proxy, whatever X-Forwarded-For says", () => {
    expect(resolve("203.0.113.9", "1.2.3.4")).toBe("203.0.113.9");
    expect(resolve("::ffff:203.0.113.9", null)).toBe("203.0.113.9");
  });

  test("behind trusted proxies, is the first untrusted hop from the right", () => {
    expect(resolve("10.1.2.3", "198.51.100.4")).toBe("198.51.100.4");
    // The client wrote the left-most entry itself: it is not believed.
    expect(resolve("10.1.2.3", "6.6.6.6, 198.51.100.4, 10.9.9.9")).toBe("198.51.100.4");
    expect(resolve("fd00::1", "2001:db8::5")).toBe("2001:db8::5");
  });

  test("a forwarded chain of only proxies gives the left-most, and garbage stops the walk", () => {
    expect(resolve("10.1.2.3", "10.4.4.4, 10.5.5.5")).toBe("10.4.4.4");
    expect(resolve("10.1.2.3", "not-an-ip")).toBe("10.1.2.3");
  });

  test("an in-process request (no socket) counts as the loopback address", () => {
    expect(resolve(null, null)).toBe("127.0.0.1");
    expect(resolve(null, "198.51.100.4")).toBe("198.51.100.4");
    expect(
      resolveClientAddress({ peer: null, forwardedFor: "198.51.100.4", proxies: createProxyList([]) }),
    ).toBe("127.0.0.1");
  });
});
