/**
 * Test-only: accounts made the way a person makes one, over HTTP against a running app process
 * (sign up, log in). For tests that start the app as its own process (no in-process harness to
 * call).
 */
const PASSWORD = "correct-horse-battery";

/** Signs `username` up as a member and logs in: the account's id and access token. */
export async function signUpOverHttp(baseUrl: string, username: string) {
  const signup = await fetch(`${baseUrl}/signup`, {
    method: "POST",
    headers: { "content-type": "application/json" },
    body: JSON.stringify({ username, password: PASSWORD, role: "member" }),
  });
  if (signup.status !== 201) throw new Error(`sign-up answered ${signup.status}: ${await signup.text()}`);
  const { id } = (await signup.json()) as { id: number };
  const login = await fetch(`${baseUrl}/login`, {
    method: "POST",
    headers: { "content-type": "application/x-www-form-urlencoded" },
    body: new URLSearchParams({ username, password: PASSWORD }).toString(),
  });
  if (login.status !== 200) throw new Error(`log-in answered ${login.status}: ${await login.text()}`);
  const { access_token: token } = (await login.json()) as { access_token: string };
  return { id, token };
}

/** signUpOverHttp with a random username, then a profile with a name and an e-mail address. */
export async function signUpWithEmail(
  baseUrl: string,
  { name, lastName }: { name: string; lastName: string },
) {
  const username = `${name}_${Math.random().toString(36).slice(2, 8)}`;
  const email = `${username}@example.com`;
  const { id, token } = await signUpOverHttp(baseUrl, username);
  const form = new FormData();
  form.set("first_name", "Ana");
  form.set("last_name", lastName);
  form.set("email", email);
  const profile = await fetch(`${baseUrl}/api/users/me/profile`, {
    method: "PUT",
    headers: { authorization: `Bearer ${token}` },
    body: form,
  });
  if (profile.status !== 200) throw new Error(`profile answered ${profile.status}: ${await profile.text()}`);
  return { id, username, password: PASSWORD, token, email };
}
