import { afterEach, expect, test } from "bun:test";
import type { AuditEntry } from "../../../../common/api/admin";
import { type Locale, setLocaleSource } from "../../../../common/messages";
import type { LocaleSource } from "../../../../common/messages/lazy";
import { durationPreview } from "../../../components/admin-panel/duration-words";
import { actionKey, auditSentence } from "./audit-sentence";

/** Audit entries read as sentences in the reader's language (issue 38), not "user.ban user #30". */
function entry(over: Partial<AuditEntry>): AuditEntry {
  return {
    id: 1,
    actor_id: 2,
    actor_username: "ana",
    actor_name: "Ana López",
    action: "user.ban",
    target_type: "user",
    target_id: 30,
    target_name: "Jorge Pérez",
    details: {},
    created_at: "2026-11-26T10:39:05.126Z",
    ...over,
  };
}

// The source this file replaced: bun runs many test files in one process, and a fixed "en" left
// behind made every later server test ignore its requests' languages.
let replaced: LocaleSource | null = null;

function inLocale(locale: Locale) {
  const previous = setLocaleSource(() => locale);
  replaced ??= previous;
  return locale === "es" ? "es-NI" : "en-US";
}

afterEach(() => {
  if (replaced) setLocaleSource(replaced);
  replaced = null;
});

test("a ban reads as a sentence with its duration in words, in Spanish and English", () => {
  const ban = entry({ details: { until: "2026-11-27T10:39:05.126Z", days: 1, hours: 0, minutes: 0 } });
  expect(auditSentence(ban, inLocale("es"))).toBe("Ana López suspendió a Jorge Pérez por 1 día");
  expect(auditSentence(ban, inLocale("en"))).toBe("Ana López banned Jorge Pérez for 1 day");
  const mute = entry({ action: "user.mute", details: { days: 0, hours: 2, minutes: 30 } });
  expect(auditSentence(mute, inLocale("es"))).toBe(
    "Ana López silenció a Jorge Pérez por 2 horas y 30 minutos",
  );
});

test("report resolutions say how many, about what kind of thing, and the outcome (plural and select)", () => {
  const one = entry({
    action: "report.resolve",
    target_type: "comment",
    target_name: null,
    details: { action: "delete", report_ids: [4] },
  });
  expect(auditSentence(one, inLocale("es"))).toBe(
    "Ana López resolvió 1 reporte sobre un comentario: se borró",
  );
  const two = { ...one, target_type: "post", details: { action: "dismiss", report_ids: [5, 6] } };
  expect(auditSentence(two, inLocale("es"))).toBe(
    "Ana López resolvió 2 reportes sobre una publicación: no rompía las reglas",
  );
  expect(auditSentence(two, inLocale("en"))).toBe(
    "Ana López resolved 2 reports about a post: nothing broke the rules",
  );
});

test("role changes name the roles; the system and unknown actions still read", () => {
  const role = entry({ action: "user.role", details: { from: "member", to: "owner" } });
  expect(auditSentence(role, inLocale("es"))).toBe(
    "Ana López cambió el rol de Jorge Pérez de miembro a dueño",
  );
  const flagged = entry({
    action: "watched_word.flag",
    actor_id: null,
    actor_name: null,
    actor_username: null,
  });
  expect(auditSentence({ ...flagged, target_type: "message" }, inLocale("es"))).toBe(
    "Una palabra vigilada marcó un mensaje",
  );
  expect(auditSentence(entry({ action: "something.new" }), inLocale("en"))).toBe("Ana López: something.new");
  expect(actionKey("owner_request.approve")).toBe("ownerRequestApprove");
});

test("the ban entry's preview spells out every part, zeros included", () => {
  inLocale("es");
  expect(durationPreview({ days: 1, hours: 0, minutes: 0 })).toBe("1 día, 0 horas, 0 minutos");
  inLocale("en");
  expect(durationPreview({ days: 0, hours: 1, minutes: 1 })).toBe("0 days, 1 hour, 1 minute");
});
