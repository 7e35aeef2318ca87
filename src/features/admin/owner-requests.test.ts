import { afterAll, beforeAll, describe, expect, setDefaultTimeout, test } from "bun:test";
import { setupTestApp, type TestApp } from "../../../test/harness";

setDefaultTimeout(30_000);
let t: TestApp;
beforeAll(async () => {
  t = await setupTestApp({}, { mail: true });
});
afterAll(() => t.close());

/** Signs up as an owner (a pending request) with a name and e-mail; returns the request id. */
async function ownerApplicant(options: { email?: boolean } = {}) {
  const username = `applicant_${Math.random().toString(36).slice(2, 9)}`;
  const signup = await t.request("POST", "/signup", {
    json: { username, password: "owner-password", role: "owner" },
  });
  expect(signup.status).toBe(201);
  const id = signup.body.id as number;
  const email = options.email === false ? null : `${username}@example.com`;
  await t.sql`update users set first_name = 'Julio', last_name = 'Cortázar', email = ${email} where id = ${id}`;
  const [request] = await t.sql`select id from owner_requests where user_id = ${id} and status = 'pending'`;
  const login = await t.request("POST", "/login", { form: { username, password: "owner-password" } });
  return { id, username, email, token: login.body.access_token as string, requestId: request!.id as number };
}

const pending = async (token: string) =>
  (await t.request("GET", "/api/admin/owner-requests", { token })).body;

describe("owner requests", () => {
  test("lists pending requests with the user's name and role", async () => {
    const admin = await t.createUser({ role: "admin" });
    const a = await ownerApplicant();
    const res = await t.request("GET", "/api/admin/owner-requests", { token: admin.token });
    expect(res.status).toBe(200);
    expect(res.body).toContainEqual({
      id: a.requestId,
      user_id: a.id,
      username: a.username,
      first_name: "Julio",
      last_name: "Cortázar",
      role: "member",
      requested_role: "owner",
      created_at: expect.any(String),
    });
  });

  test("approve makes the user an owner at once, removes the request, e-mails and audits", async () => {
    const admin = await t.createUser({ role: "admin" });
    const a = await ownerApplicant();
    expect((await t.request("GET", "/api/users/me", { token: a.token })).body.owner_request_pending).toBe(
      true,
    );

    const res = await t.request("PATCH", `/api/admin/owner-requests/${a.requestId}?approve=true`, {
      token: admin.token,
    });
    expect(res.status).toBe(200);
    expect(res.body).toEqual({
      id: a.requestId,
      user_id: a.id,
      status: "approved",
      role: "owner",
      email_sent: true,
    });

    const me = await t.request("GET", "/api/users/me", { token: a.token });
    expect(me.body).toMatchObject({ role: "owner", owner_request_pending: false });
    expect((await pending(admin.token)).map((r: { id: number }) => r.id)).not.toContain(a.requestId);

    const mail = await t.mail.waitFor((m) => m.to.includes(a.email!));
    expect(mail.subject).toBe("Your ClubNica owner request was approved");
    expect(mail.text).toContain("Hello Julio,");
    expect(mail.text).toContain("approved your request to become a club owner");
    expect(mail.html).toContain("approved your request to become a club owner");

    const audit = await t.request("GET", "/api/admin/audit?action=owner_request.approve", {
      token: admin.token,
    });
    expect(audit.body[0]).toMatchObject({
      actor_id: admin.id,
      target_type: "owner_request",
      target_id: a.requestId,
      details: { user_id: a.id },
    });
  });

  test("deny leaves a member, removes the request and e-mails", async () => {
    const admin = await t.createUser({ role: "admin" });
    const a = await ownerApplicant();
    const res = await t.request("PATCH", `/api/admin/owner-requests/${a.requestId}?approve=false`, {
      token: admin.token,
    });
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ status: "denied", role: "member", email_sent: true });
    const me = await t.request("GET", "/api/users/me", { token: a.token });
    expect(me.body).toMatchObject({ role: "member", owner_request_pending: false });
    expect((await pending(admin.token)).map((r: { id: number }) => r.id)).not.toContain(a.requestId);
    const mail = await t.mail.waitFor((m) => m.to.includes(a.email!));
    expect(mail.subject).toBe("Your ClubNica owner request was not approved");
    expect(mail.text).toContain("did not approve it");
    const audit = await t.request("GET", "/api/admin/audit?action=owner_request.deny", {
      token: admin.token,
    });
    expect(audit.body[0]).toMatchObject({ target_id: a.requestId });
  });

  test("without an e-mail the decision stands and email_sent is false", async () => {
    const admin = await t.createUser({ role: "admin" });
    const a = await ownerApplicant({ email: false });
    const res = await t.request("PATCH", `/api/admin/owner-requests/${a.requestId}?approve=true`, {
      token: admin.token,
    });
    expect(res.body).toMatchObject({ status: "approved", email_sent: false });
  });

  test("a failed send does not undo the decision", async () => {
    const admin = await t.createUser({ role: "admin" });
    const a = await ownerApplicant();
    const send = t.deps.mailer.send;
    t.deps.mailer.send = async () => {
      throw new Error("SMTP is down");
    };
    try {
      const res = await t.request("PATCH", `/api/admin/owner-requests/${a.requestId}?approve=true`, {
        token: admin.token,
      });
      expect(res.status).toBe(200);
      expect(res.body).toMatchObject({ status: "approved", email_sent: false });
    } finally {
      t.deps.mailer.send = send;
    }
    expect((await t.request("GET", "/api/users/me", { token: a.token })).body.role).toBe("owner");
  });

  test("409 when already decided, 404 when unknown, 422 without approve", async () => {
    const admin = await t.createUser({ role: "admin" });
    const a = await ownerApplicant();
    await t.request("PATCH", `/api/admin/owner-requests/${a.requestId}?approve=false`, {
      token: admin.token,
    });
    const again = await t.request("PATCH", `/api/admin/owner-requests/${a.requestId}?approve=true`, {
      token: admin.token,
    });
    expect(again.status).toBe(409);
    expect(again.body).toEqual({ detail: "This owner request was already decided." });
    expect((await t.request("GET", "/api/users/me", { token: a.token })).body.role).toBe("member");
    const unknown = await t.request("PATCH", "/api/admin/owner-requests/999999?approve=true", {
      token: admin.token,
    });
    expect(unknown.status).toBe(404);
    const noFlag = await t.request("PATCH", `/api/admin/owner-requests/${a.requestId}`, {
      token: admin.token,
    });
    expect(noFlag.status).toBe(422);
  });
});
