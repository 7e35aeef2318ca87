import { displayName } from "../../../common/display-name";
import { m } from "../../../common/messages";
import { csvHeaders, toCsv } from "../../lib/csv";
import type { Database } from "../../lib/database/client";
import { NotFound } from "../../lib/errors";
import type { SessionUser } from "../../lib/session-token";
import { assertClubPermission, findClubAccess } from "../clubs";
import { selectMembersForExport } from "./queries";

/**
 * A club's members as a CSV download for its owner or an admin: name, username, e-mail (admins
 * only), join date and one column per current join question. Answers to questions the owner
 * has since changed go in the last column as "question: answer" lines, so nothing is lost.
 */
export async function exportMembersCsv({
  db,
  user,
  clubId,
}: {
  db: Database;
  user: SessionUser;
  clubId: number;
}): Promise<Response> {
  const club = await findClubAccess(db, clubId);
  if (!club) throw new NotFound(m.clubs.notFound);
  const detail = m.exports.ownerOnly;
  await assertClubPermission({ db, user, club, permission: "accept_requests", detail });
  const rows = await selectMembersForExport(db, clubId);
  const t = m.exports;
  const questions = club.joinQuestions ?? [];
  const withEmail = user.role === "admin";
  const header = [
    t.name,
    t.username,
    ...(withEmail ? [t.email] : []),
    t.joinedAt,
    ...questions,
    t.otherAnswers,
  ];
  const body = toCsv(
    header,
    rows.map((row) => {
      const answers = row.joinAnswers ?? [];
      const byQuestion = new Map(answers.map((a) => [a.question, a.answer]));
      const others = answers.filter((a) => !questions.includes(a.question));
      return [
        displayName(row),
        row.username,
        ...(withEmail ? [row.email ?? ""] : []),
        row.joinedAt,
        ...questions.map((q) => byQuestion.get(q) ?? ""),
        others.map((a) => `${a.question}: ${a.answer}`).join("\n"),
      ];
    }),
  );
  return new Response(body, { headers: csvHeaders(`members-club-${clubId}.csv`) });
}
