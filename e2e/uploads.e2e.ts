import sharp from "sharp";
import { member } from "./support/community-seed";
import { expect, signIn, test } from "./support/fixtures";

/**
 * Uploads a phone can afford: the browser checks a picked image before anything is sent (a file
 * over the limit gets the catalogue's message and never leaves the phone), shrinks photos to at
 * most 1600 px, and shows how much of the upload has been sent.
 */
test.describe.configure({ timeout: 120_000 });

test("an image over 5 MB is refused in the browser, with the app's message, before sending", async ({
  page,
}) => {
  const me = await member();
  await signIn(page, me.token);
  const sent: { method: string; url: string; bytes: number }[] = [];
  page.on("request", (request) => {
    // The page cookie following the stored session (client/lib/page-cookie.ts) is no upload.
    if (request.method() !== "GET" && !request.url().endsWith("/session/cookie")) {
      sent.push({
        method: request.method(),
        url: request.url(),
        bytes: request.postDataBuffer()?.length ?? 0,
      });
    }
  });
  await page.goto("/edit-profile");
  await expect(page.getByLabel("First name")).toHaveValue(me.firstName);
  // 6 MB that no browser can shrink (not a decodable image): only its size can be judged.
  const big = Buffer.alloc(6 * 1024 * 1024, 7);
  big.set([0xff, 0xd8, 0xff]);
  await page
    .getByLabel("Profile picture")
    .setInputFiles({ name: "IMG_2041.jpg", mimeType: "image/jpeg", buffer: big });
  await expect(
    page.getByText("This image is 6.0 MB; images can be at most 5 MB. Choose a smaller photo."),
  ).toBeVisible();
  await expect(page.getByLabel("Profile picture")).toHaveValue("");
  expect(sent).toEqual([]);

  // Saving now sends the profile without the refused file.
  await page.getByRole("button", { name: "Save profile" }).click();
  await expect(page).toHaveURL(/\/profile\?saved=/);
  const saves = sent.filter((r) => r.url.endsWith("/api/users/me/profile"));
  expect(saves).toHaveLength(1);
  expect(saves[0]!.bytes).toBeLessThan(100_000);
});

test("a large phone photo is shrunk to 1600 px before upload, with a progress bar while it is sent", async ({
  page,
  context,
}) => {
  const me = await member();
  await signIn(page, me.token);
  const photo = await sharp({
    create: {
      width: 4000,
      height: 3000,
      channels: 3,
      background: "#3a7d44",
      noise: { type: "gaussian", mean: 120, sigma: 30 },
    },
  })
    .jpeg({ quality: 90 })
    .toBuffer();
  expect(photo.length).toBeGreaterThan(2_000_000);
  await page.goto("/edit-profile");
  await expect(page.getByLabel("First name")).toHaveValue(me.firstName);
  await page
    .getByLabel("Profile picture")
    .setInputFiles({ name: "IMG_2042.jpg", mimeType: "image/jpeg", buffer: photo });
  await expect(page.getByRole("img", { name: "Preview of your new profile picture" })).toBeVisible();

  // A slow prepaid connection (200 kB/s up), so the progress is visible.
  const cdp = await context.newCDPSession(page);
  await cdp.send("Network.emulateNetworkConditions", {
    offline: false,
    latency: 100,
    downloadThroughput: 400_000,
    uploadThroughput: 200_000,
  });
  const upload = page.waitForRequest(
    (r) => r.url().endsWith("/api/users/me/profile") && r.method() === "PUT",
  );
  await page.getByRole("button", { name: "Save profile" }).click();
  await expect(page.getByTestId("upload-progress").locator("progress")).toBeVisible();
  const request = await upload;
  const bytes = request.postDataBuffer()?.length ?? 0;
  expect(bytes).toBeLessThan(photo.length / 2);
  await expect(page).toHaveURL(/\/profile\?saved=/, { timeout: 60_000 });
  await cdp.send("Network.emulateNetworkConditions", {
    offline: false,
    latency: 0,
    downloadThroughput: -1,
    uploadThroughput: -1,
  });
});
