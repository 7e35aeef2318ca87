import { issueDeviceCookie } from "./device-cookie";

/** The name of a username's device cookie, read off a cookie the app issues for it. */
export function deviceCookieName(username: string): string {
  const setCookie = issueDeviceCookie({
    secret: "a-fixture-secret-long-enough-for-hmac",
    username,
    secure: false,
  });
  return setCookie.slice(0, setCookie.indexOf("="));
}
