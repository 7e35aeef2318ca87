import { club, join, member, sendToClub } from "./support/community-seed";
import { expect, signIn, sql, test } from "./support/fixtures";

/**
 * People appear by name and picture (issue 18): a club chat names each sender by first and
 * last name beside their picture, and a club's member list does not print usernames.
 */
test("club chat and the members tab show names with pictures, not usernames", async ({ page }) => {
  const owner = await member("owner");
  const theClub = await club(owner);
  const [writer, reader] = [await member(), await member()];
  await sql()`update users set first_name = 'Ernesto', last_name = 'Chavarría' where id = ${writer.id}`;
  await join(writer, owner, theClub.id);
  await join(reader, owner, theClub.id);
  await sendToClub(writer, theClub.id, "¡Nos vemos el sábado!");

  await signIn(page, reader.token);
  await page.goto(`/chat/club/${theClub.id}`);
  const bubble = page.getByTestId("chat-message").filter({ hasText: "¡Nos vemos el sábado!" });
  // The group's name over the bubbles, its picture beside them.
  await expect(bubble.locator(".bubble__sender")).toHaveText("Ernesto Chavarría");
  await expect(bubble.locator(".avatar").first()).toBeVisible();
  await expect(bubble).not.toContainText(writer.username);

  await page.goto(`/clubs/${theClub.id}?tab=members`);
  const list = page.locator(".member-list");
  await expect(list).toContainText("Ernesto Chavarría");
  await expect(list).not.toContainText(`@${writer.username}`);
  await expect(list.locator(".avatar").first()).toBeVisible();
});
