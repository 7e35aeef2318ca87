/**
 * Test-only: an account made the way a person makes one, over HTTP against a running app
 * process: sign up, log in, then a profile with a name and an e-mail address. For tests that
 * start the app as its own process (no in-process harness to call).
 */
export async function signUpWithEmail(
  baseUrl: string,
  { name, lastName }: { name: string; lastName: string },
) {
  const username = `${name}_${Math.random().toString(36).slice(2, 8)}`;
  const password = "correct-horse-battery";
  const email = `${username}@example.com`;
  const signup = await fetch(`${baseUrl}/signup`, {
    method: "POST",
    headers: { "content-type": "application/json" },
    body: JSON.stringify({ username, password, role: "member" }),
  });
  if (signup.status !== 201) throw new Error(`sign-up answered ${signup.status}: ${await signup.text()}`);
  const { id } = (await signup.json()) as { id: number };
  const login = await fetch(`${baseUrl}/login`, {
    method: "POST",
    headers: { "content-type": "application/x-www-form-urlencoded" },
    body: new URLSearchParams({ username, password }).toString(),
  });
  const { access_token: token } = (await login.json()) as { access_token: string };
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
  return { id, username, password, token, email };
}
