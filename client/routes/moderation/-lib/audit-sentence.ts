import type { AuditEntry } from "../../../../common/api/admin";
import { format, m } from "../../../../common/messages";
import { durationWords } from "../../../components/admin-panel/duration-words";

/**
 * An audit entry as a sentence in the reader's language ("Ana López suspendió a Jorge Pérez por
 * 1 día") instead of "user.ban user #30". Names come from the server (actor_name, target_name);
 * what is not a person or a club is named by its kind; an action the catalogue does not know yet
 * still reads "<actor>: <action>".
 */

/** "user.ban" → "userBan", "owner_request.approve" → "ownerRequestApprove": catalogue keys. */
export function actionKey(action: string): string {
  return action.replace(/[._]([a-z])/g, (_, letter: string) => letter.toUpperCase());
}

const num = (value: unknown) => (typeof value === "number" && Number.isFinite(value) ? value : 0);
const text = (value: unknown) => (typeof value === "string" ? value : "");

export function auditSentence(entry: AuditEntry, locale: string): string {
  const t = m.auditPage;
  const d = entry.details;
  const actor = entry.actor_name ?? (entry.actor_username ? entry.actor_username : t.system);
  const target =
    entry.target_name ??
    (text(d.username) ||
      text(d.name) ||
      (entry.target_id !== null ? format(t.someone, { id: entry.target_id }) : ""));
  const key = actionKey(entry.action);
  const sentences = t.sentences as Record<string, string>;
  const template = sentences[key];
  if (!template) return format(t.sentences.other, { actor, action: t.actionNames[key] ?? entry.action });
  const roles = m.adminPages.roles;
  return format(template, {
    actor,
    target,
    type: entry.target_type,
    duration: durationWords({ days: num(d.days), hours: num(d.hours), minutes: num(d.minutes) }, locale),
    from: roles[text(d.from)] ?? text(d.from),
    to: roles[text(d.to)] ?? text(d.to),
    word: text(d.word),
    count: Array.isArray(d.report_ids) ? d.report_ids.length : num(d.count),
    outcome: text(d.action) || "other",
  });
}
