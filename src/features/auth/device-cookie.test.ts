import { describe, expect, test } from "bun:test";
import { issueDeviceCookie, readDeviceId } from "./device-cookie";
import { deviceCookieName } from "./device-cookie.fixtures";

const secret = "a-server-secret-that-is-long-enough-for-hmac";
const DAY = 86_400_000;

/** The `name=value` a browser sends back for a Set-Cookie value. */
const sentBack = (setCookie: string) => setCookie.split(";")[0]!;

describe("device cookies", () => {
  test("Secure only over https; HttpOnly, SameSite=Lax and Path=/login always", () => {
    const https = issueDeviceCookie({ secret, username: "Ana_1", secure: true });
    expect(https.split("; ")).toEqual(
      expect.arrayContaining(["Path=/login", "HttpOnly", "SameSite=Lax", "Secure", "Max-Age=15552000"]),
    );
    expect(issueDeviceCookie({ secret, username: "Ana_1", secure: false })).not.toContain("Secure");
  });

  test("read back for the same username in any case, each issue a new device", () => {
    const now = Date.now();
    const first = sentBack(issueDeviceCookie({ secret, username: "Ana_1", secure: false, now }));
    const second = sentBack(issueDeviceCookie({ secret, username: "Ana_1", secure: false, now }));
    const a = readDeviceId({ secret, username: "ana_1", cookieHeader: `lang=es; ${first}`, now });
    const b = readDeviceId({ secret, username: "ANA_1", cookieHeader: second, now });
    expect(a).toBeString();
    expect(b).toBeString();
    expect(a).not.toBe(b);
  });

  test("another username, another secret, an old cookie or a malformed one read as none", () => {
    const now = Date.now();
    const cookie = sentBack(issueDeviceCookie({ secret, username: "ana_1", secure: false, now }));
    const value = cookie.slice(cookie.indexOf("=") + 1);
    const renamed = `${deviceCookieName("ben_2")}=${value}`;
    expect(readDeviceId({ secret, username: "ben_2", cookieHeader: renamed, now })).toBeNull();
    expect(readDeviceId({ secret: `${secret}x`, username: "ana_1", cookieHeader: cookie, now })).toBeNull();
    expect(
      readDeviceId({ secret, username: "ana_1", cookieHeader: cookie, now: now + 181 * DAY }),
    ).toBeNull();
    expect(
      readDeviceId({ secret, username: "ana_1", cookieHeader: cookie, now: now + 179 * DAY }),
    ).toBeString();
    for (const bad of ["", "x", `${value}.extra`, value.replace(/\.\d+\./, ".1.")])
      expect(
        readDeviceId({ secret, username: "ana_1", cookieHeader: `${deviceCookieName("ana_1")}=${bad}`, now }),
      ).toBeNull();
    expect(readDeviceId({ secret, username: "ana_1", cookieHeader: null, now })).toBeNull();
  });
});
