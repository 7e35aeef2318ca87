import type { TestApp } from "../../../test/harness";

/** Test-only: adds entries through the admin API (so the app's own cache is told). */
export async function watchWords(t: TestApp, adminToken: string, entries: Record<string, string>) {
  const ids: Record<string, number> = {};
  for (const [word, action] of Object.entries(entries)) {
    const res = await t.request("POST", "/api/admin/watched-words", {
      token: adminToken,
      json: { word, action },
    });
    if (res.status !== 201) throw new Error(`watch failed: ${JSON.stringify(res.body)}`);
    ids[word] = res.body.id;
  }
  return ids;
}

/** Test-only: the open automatic (ClubNica) reports on a target. */
export async function systemReports(t: TestApp, type: string, id: number) {
  return await t.sql<{ details: string; snapshot: string }[]>`
    select details, snapshot from reports
    where reporter_id is null and status = 'open' and target_type = ${type} and target_id = ${id}`;
}

export async function auditActions(t: TestApp, action: string) {
  return await t.sql<
    { actor_id: number | null; target_type: string; target_id: number | null; details: any }[]
  >`
    select actor_id, target_type, target_id, details from audit_log where action = ${action} order by id`;
}
