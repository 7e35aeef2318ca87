import AxeBuilder from "@axe-core/playwright";
import type { Locator, Page } from "@playwright/test";
import { club, comment, join, member, post, sendDirect, sendToClub } from "./support/community-seed";
import { englishOnPage } from "./support/english-text";
import {
  expect,
  pageFor,
  type SeedUser,
  seed,
  shot,
  signIn,
  sql,
  test,
  uniqueName,
} from "./support/fixtures";

/**
 * Reporting and moderation (issue 16): a member reports each kind of thing from the screens
 * where it appears, "Reported" survives a reload, duplicates and the rate limit are refused; an
 * admin works the queue (a comment shown in its thread), each action resolves its reports and
 * is in the audit log, and the reporter gets a notice. Keyboard only on a 360 px phone, axe.
 */
test.describe.configure({ timeout: 180_000 });

async function noSeriousAxe(page: Page, where: string) {
  const result = await new AxeBuilder({ page })
    .withTags(["wcag2a", "wcag2aa", "wcag21aa", "wcag22aa"])
    .analyze();
  const serious = result.violations
    .filter((v) => v.impact === "serious" || v.impact === "critical")
    .map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(" ")).join(", ")}`);
  expect(serious, `${where}: serious axe violations`).toEqual([]);
}

/** A club with an owner, an author and a reporter in it, a post, a comment thread and chats. */
async function world() {
  const owner = await member("owner");
  const author = await member();
  const reporter = await member();
  const c = await club(owner, uniqueName("Club Reportes "));
  await join(author, owner, c.id);
  await join(reporter, owner, c.id);
  const p = await post(owner, c.id, uniqueName("Feria "));
  const before = await comment(reporter, p.id, "Primer comentario del hilo");
  const bad = await comment(author, p.id, uniqueName("Comentario feo "));
  const after = await comment(reporter, p.id, "No digas eso");
  const direct = await sendDirect(author, reporter.id, uniqueName("Mensaje directo feo "));
  const clubText = uniqueName("Spam del club ");
  const clubMessage = await sendToClub(author, c.id, clubText);
  return {
    owner,
    author,
    reporter,
    clubId: c.id,
    post: p,
    comments: [before.body, bad.body, after.body] as { id: number; content: string }[],
    direct,
    clubMessage,
    clubText,
  };
}

async function fileReport(user: SeedUser, body: Record<string, unknown>) {
  return seed.call("/api/reports", {
    method: "POST",
    headers: { "content-type": "application/json" },
    body: JSON.stringify({ reason: "harassment", ...body }),
    token: user.token,
  });
}

/** Opens the report dialog from `button` with the keyboard, picks a reason and sends it. */
async function reportWithKeyboard(
  page: Page,
  button: Locator,
  title: string,
  arrowDowns: number,
  details = "",
) {
  await button.focus();
  await page.keyboard.press("Enter");
  const dialog = page.getByRole("dialog", { name: title });
  await expect(dialog).toBeVisible();
  // The first reason has focus; arrows move through the radio group and select.
  await page.keyboard.press("Space");
  for (let i = 0; i < arrowDowns; i++) await page.keyboard.press("ArrowDown");
  await page.keyboard.press("Tab");
  if (details) await page.keyboard.type(details);
  await page.keyboard.press("Tab");
  await page.keyboard.press("Enter");
  await expect(dialog).toBeHidden();
}

test("a member reports a post, a comment, direct and club messages, a club and a person; Reported survives a reload", async ({
  page,
}) => {
  const w = await world();
  await signIn(page, w.reporter.token);
  await page.setViewportSize({ width: 360, height: 740 });

  // The post, from its dialog; keyboard only.
  await page.goto(`/home?post=${w.post.id}`);
  const dialog = page.getByTestId("post-dialog");
  await expect(dialog).toBeVisible();
  const postReport = dialog.locator(".post-view__actions").getByTestId("report-button");
  await expect(postReport).toHaveText("Report");
  await postReport.focus();
  await page.keyboard.press("Enter");
  const form = page.getByRole("dialog", { name: "Report this post" });
  await expect(form).toBeVisible();
  await expect(form.getByRole("radio", { name: "Harassment or bullying" })).toBeFocused();
  await page.keyboard.press("ArrowDown");
  const chosen = form.getByRole("radio", { name: "Not suitable for minors" });
  await expect(chosen).toBeChecked();
  await noSeriousAxe(page, "report dialog");
  // The screenshot helper blurs the page; the keyboard walk resumes on the chosen reason.
  await shot(page, "report-dialog");
  await chosen.focus();
  await page.keyboard.press("Tab");
  await page.keyboard.press("Tab");
  await page.keyboard.press("Enter");
  await expect(form).toBeHidden();
  await expect(postReport).toHaveText("Reported");
  await expect(postReport).toBeFocused();

  // The comment, in the same dialog: "Something else" needs a few words.
  const badComment = dialog.getByTestId("comment").filter({ hasText: w.comments[1]!.content });
  await badComment.getByRole("button", { name: "Report" }).click();
  const commentForm = page.getByRole("dialog", { name: "Report this comment" });
  await commentForm.getByRole("radio", { name: "Something else" }).check();
  await commentForm.getByRole("button", { name: "Send report" }).click();
  await expect(commentForm.getByRole("alert")).toHaveText("Say in a few words what is wrong.");
  await commentForm.getByLabel("Tell us more").fill("Se burla de otro estudiante");
  await commentForm.getByRole("button", { name: "Send report" }).click();
  await expect(commentForm).toBeHidden();
  await expect(badComment.getByRole("button", { name: "Reported" })).toBeVisible();
  // Own comments have no Report button.
  await expect(
    dialog.getByTestId("comment").filter({ hasText: "No digas eso" }).getByTestId("report-button"),
  ).toHaveCount(0);

  // Reload: both still say Reported (read from the server).
  await page.reload();
  await expect(
    page.getByTestId("post-dialog").locator(".post-view__actions").getByTestId("report-button"),
  ).toHaveText("Reported");
  await expect(
    page
      .getByTestId("comment")
      .filter({ hasText: w.comments[1]!.content })
      .getByRole("button", { name: "Reported" }),
  ).toBeVisible();

  // A direct message and a club message, from their chats.
  await page.goto(`/chat/user/${w.author.id}`);
  const bubble = page.getByTestId("chat-message").filter({ hasText: "Mensaje directo feo" });
  await reportWithKeyboard(page, bubble.getByRole("button", { name: "Report" }), "Report this message", 0);
  await expect(bubble.getByRole("button", { name: "Reported" })).toBeVisible();
  await page.goto(`/chat/club/${w.clubId}`);
  const clubBubble = page.getByTestId("chat-message").filter({ hasText: "Spam del club" });
  await reportWithKeyboard(
    page,
    clubBubble.getByRole("button", { name: "Report" }),
    "Report this message",
    2,
  );

  // The club, from its page; the person, from their profile.
  await page.goto(`/clubs/${w.clubId}`);
  await reportWithKeyboard(
    page,
    page.locator(".club-header__report").getByRole("button", { name: "Report" }),
    "Report this club",
    3,
  );
  await expect(page.locator(".club-header__report").getByRole("button", { name: "Reported" })).toBeVisible();
  await page.goto(`/users/${w.author.id}`);
  await reportWithKeyboard(
    page,
    page.getByRole("button", { name: "Report" }),
    "Report this person",
    4,
    "Se hace pasar por el profe",
  );
  await expect(page.getByRole("button", { name: "Reported" })).toBeVisible();

  const rows = await sql()`
    select target_type, target_id::int as target_id, reason, details from reports
    where reporter_id = ${w.reporter.id} order by id`;
  expect(rows.map((r) => [r.target_type, r.target_id, r.reason, r.details])).toEqual([
    ["post", w.post.id, "not_for_minors", null],
    ["comment", w.comments[1]!.id, "other", "Se burla de otro estudiante"],
    ["message", w.direct.id, "harassment", null],
    ["message", w.clubMessage.id, "spam", null],
    ["club", w.clubId, "impersonation", null],
    ["user", w.author.id, "other", "Se hace pasar por el profe"],
  ]);
});

test("a duplicate report and a rate-limited one are refused with the server's reason", async ({ page }) => {
  const w = await world();
  await signIn(page, w.reporter.token);
  await page.goto(`/clubs/${w.clubId}`);
  const button = page.locator(".club-header__report").getByRole("button", { name: "Report" });
  await expect(button).toBeVisible();
  // Reported from another tab meanwhile: the server says 409 and the button turns to Reported.
  expect((await fileReport(w.reporter, { target_type: "club", target_id: w.clubId })).status).toBe(201);
  const duplicate = page.waitForResponse(
    (r) => r.url().endsWith("/api/reports") && r.request().method() === "POST",
  );
  await button.click();
  await page.getByRole("dialog", { name: "Report this club" }).getByRole("radio", { name: "Spam" }).check();
  await page.getByRole("button", { name: "Send report" }).click();
  const answer = await duplicate;
  expect(answer.status()).toBe(409);
  expect(await answer.json()).toEqual({
    detail: "You have already reported this. An admin will look at it.",
  });
  await expect(page.locator(".club-header__report").getByRole("button", { name: "Reported" })).toBeVisible();

  // The per-account limit is full (10 an hour): the next report is 429 and the dialog says why.
  await sql()`
    insert into rate_limits (key, window_index, count, previous_count, expires_at)
    values (${`reports:u:${w.reporter.id}`}, floor(extract(epoch from now()) / 3600)::bigint, 10, 10,
      now() + interval '2 hours')
    on conflict (key) do update set count = 10, previous_count = 10`;
  await page.goto(`/users/${w.author.id}`);
  await page.getByRole("button", { name: "Report" }).click();
  const form = page.getByRole("dialog", { name: "Report this person" });
  await form.getByRole("radio", { name: "Spam" }).check();
  await form.getByRole("button", { name: "Send report" }).click();
  await expect(form.getByRole("alert")).toHaveText(
    "You have sent too many reports for now. Try again later.",
  );
  await expect(form).toBeVisible();
  const counted = await sql()`select count(*)::int as n from reports where reporter_id = ${w.reporter.id}`;
  expect(counted[0]?.n).toBe(1);
});

test("the queue shows a comment in its thread; each action resolves, is audited and tells the reporter", async ({
  page,
  browser,
}) => {
  const w = await world();
  const second = await member();
  const admin = await member("admin");
  const badComment = w.comments[1]!;
  expect((await fileReport(w.reporter, { target_type: "comment", target_id: badComment.id })).status).toBe(
    201,
  );
  expect(
    (
      await fileReport(second, {
        target_type: "comment",
        target_id: badComment.id,
        reason: "other",
        details: "Insulta",
      })
    ).status,
  ).toBe(201);
  expect(
    (await fileReport(w.reporter, { target_type: "post", target_id: w.post.id, reason: "spam" })).status,
  ).toBe(201);
  expect((await fileReport(w.reporter, { target_type: "message", target_id: w.clubMessage.id })).status).toBe(
    201,
  );
  expect((await fileReport(w.reporter, { target_type: "user", target_id: w.author.id })).status).toBe(201);

  await signIn(page, admin.token);
  await page.goto("/home");
  await page.getByRole("button", { name: "Admin panel" }).click();
  const panel = page.getByRole("dialog", { name: "Admin panel" });
  await expect(panel.getByTestId("open-reports")).toHaveText(/\d+ open/);
  await panel.getByTestId("reports-link").click();
  await expect(page).toHaveURL(/\/admin\/reports$/);
  await expect(page.getByRole("heading", { level: 1, name: "Reports" })).toBeVisible();

  const group = (text: string) => page.getByTestId("report-group").filter({ hasText: text });
  const commentGroup = group(badComment.content);
  await expect(commentGroup.getByRole("heading", { name: "Comment 2 reports" })).toBeVisible();
  const thread = commentGroup.getByRole("list", { name: "The comment in its thread" }).getByRole("listitem");
  await expect(thread).toHaveCount(3);
  await expect(thread.nth(0)).toContainText("Primer comentario del hilo");
  await expect(thread.nth(1)).toContainText(badComment.content);
  await expect(thread.nth(1)).toHaveAttribute("data-reported", "true");
  await expect(thread.nth(2)).toContainText("No digas eso");
  await expect(commentGroup).toContainText("Harassment or bullying");
  await expect(commentGroup).toContainText("“Insulta”");
  await noSeriousAxe(page, "report queue");
  await shot(page, "report-queue");

  page.on("dialog", (d) => void d.accept());
  // Delete the comment.
  await commentGroup.getByRole("button", { name: "Delete it" }).click();
  await expect(page.getByText("Done: 2 report(s) resolved.")).toBeVisible();
  await expect(commentGroup).toHaveCount(0);
  // Dismiss the post's report.
  await group(w.post.title).getByRole("button", { name: "Dismiss" }).click();
  await expect(page.getByText("Dismissed 1 report(s).")).toBeVisible();
  // Mute the author of the club message for two hours, with the keyboard.
  const messageGroup = group(w.clubText);
  await messageGroup.getByLabel("Duration (days hours minutes)").fill("0 2 0");
  await messageGroup.getByRole("button", { name: "Mute the author" }).focus();
  await page.keyboard.press("Enter");
  await expect(messageGroup).toHaveCount(0);
  // Ban the reported person for a day.
  const personGroup = page
    .getByTestId("report-group")
    .filter({ hasText: `@${w.author.username}` })
    .filter({
      has: page.getByRole("heading", { name: /^Person/ }),
    });
  await personGroup.getByRole("button", { name: "Ban the author" }).click();
  await expect(personGroup).toHaveCount(0);

  const states = await sql()`
    select target_type, status, resolution from reports
    where target_type = 'comment' and target_id = ${badComment.id}
       or target_type = 'post' and target_id = ${w.post.id}
       or target_type = 'message' and target_id = ${w.clubMessage.id}
       or target_type = 'user' and target_id = ${w.author.id}
    order by id`;
  expect(states.map((s) => `${s.target_type}:${s.status}:${s.resolution}`)).toEqual([
    "comment:actioned:delete",
    "comment:actioned:delete",
    "post:dismissed:dismiss",
    "message:actioned:mute",
    "user:actioned:ban",
  ]);
  const [author] =
    await sql()`select mute_until > now() + interval '1 hour' as muted, ban_until > now() as banned
    from users where id = ${w.author.id}`;
  expect(author).toEqual({ muted: true, banned: true });
  expect(await sql()`select 1 from comments where id = ${badComment.id}`).toHaveLength(0);

  // The audit log screen shows the resolution with the reports it closed.
  await page.goto("/admin/audit");
  await page.getByLabel("Target type").selectOption("comment");
  await page.getByLabel("Target id").fill(String(badComment.id));
  await page.getByRole("button", { name: "Filter", exact: true }).click();
  const entries = page.getByTestId("audit-entry");
  await expect(entries).toHaveCount(2);
  await expect(entries.nth(0)).toContainText("report.resolve");
  await expect(entries.nth(0)).toContainText("report_ids");
  await expect(entries.nth(1)).toContainText("comment.delete");

  // The reporter is told.
  const reporterPage = await pageFor(browser, w.reporter);
  await reporterPage.goto("/connections");
  const notices = reporterPage.getByTestId("report-notices");
  await expect(notices).toContainText("An admin reviewed something you reported and acted on it. Thank you.");
  await expect(notices).toContainText("found no rule broken");
  await reporterPage.context().close();
});

test("the audit log filters and pages with the keyboard alone on a phone; screens in Spanish", async ({
  page,
  browser,
}) => {
  const admin = await member("admin");
  const targets = await Promise.all([member(), member()]);
  // 22 entries by this admin: more than one page.
  for (let i = 0; i < 11; i++) {
    for (const t of targets) {
      const res = await seed.call(`/api/admin/users/${t.id}/mute?mute=${i % 2 === 0}&days=1`, {
        method: "PATCH",
        token: admin.token,
      });
      expect(res.status).toBe(200);
    }
  }
  await signIn(page, admin.token);
  await page.setViewportSize({ width: 360, height: 740 });
  await page.goto("/admin/audit");
  await expect(page.getByRole("heading", { level: 1, name: "Audit log" })).toBeVisible();
  await page.getByLabel("Admin (username)").focus();
  await page.keyboard.type(admin.username);
  await page.keyboard.press("Enter");
  await expect(page.getByText("Entries 1–20 of 22")).toBeVisible();
  await expect(page.getByTestId("audit-entry")).toHaveCount(20);
  await page.getByRole("button", { name: "Older" }).focus();
  await page.keyboard.press("Enter");
  await expect(page.getByText("Entries 21–22 of 22")).toBeVisible();
  await expect(page.getByRole("button", { name: "Older" })).toBeDisabled();
  // Narrow further by action and target, still from the keyboard.
  await page.getByLabel("Action", { exact: true }).focus();
  await page.getByLabel("Action", { exact: true }).selectOption("user.unmute");
  await page.getByLabel("Target id").focus();
  await page.keyboard.type(String(targets[0]!.id));
  await page.keyboard.press("Enter");
  await expect(page.getByText("Entries 1–5 of 5")).toBeVisible();
  await noSeriousAxe(page, "audit log");
  await shot(page, "audit-log");

  // Spanish: the queue and the audit log read no English.
  const es = await pageFor(browser, admin, "es-NI");
  await es.goto("/admin/audit");
  await expect(es.getByRole("heading", { level: 1, name: "Registro de auditoría" })).toBeVisible();
  await expect(es.getByTestId("audit-entry").first()).toBeVisible();
  expect(await englishOnPage(es), "audit log: English on a Spanish page").toEqual([]);
  await shot(es, "audit-log-es");
  await es.goto("/admin/reports");
  await expect(es.getByRole("heading", { level: 1, name: "Reportes" })).toBeVisible();
  await expect(
    es.getByTestId("report-group").or(es.getByText("No hay reportes abiertos. Todo en orden.")),
  ).not.toHaveCount(0);
  expect(await englishOnPage(es), "report queue: English on a Spanish page").toEqual([]);
  await shot(es, "report-queue-es");
  await es.context().close();
});

test("the report dialog in Spanish", async ({ browser }) => {
  const owner = await member("owner");
  const student = await member();
  const c = await club(owner, uniqueName("Club Español "));
  const es = await pageFor(browser, student, "es-NI");
  await es.goto(`/clubs/${c.id}`);
  await es.locator(".club-header__report").getByRole("button", { name: "Reportar" }).click();
  const form = es.getByRole("dialog", { name: "Reportar este club" });
  await expect(form.getByRole("radio", { name: "Acoso o bullying" })).toBeFocused();
  expect(await englishOnPage(es), "report dialog: English on a Spanish page").toEqual([]);
  await shot(es, "report-dialog-es");
  await form.getByRole("radio", { name: "Se hace pasar por otra persona" }).check();
  await form.getByRole("button", { name: "Enviar reporte" }).click();
  await expect(es.locator(".club-header__report").getByRole("button", { name: "Reportado" })).toBeVisible();
  await es.context().close();
});
