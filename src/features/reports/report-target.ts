import { m } from "../../../common/messages";
import type { ReportTarget } from "../../../common/reports";
import type { Executor } from "../../lib/database/client";
import { Invalid, NotFound } from "../../lib/errors";
import type { SessionUser } from "../../lib/session-token";
import {
  findClubTarget,
  findCommentTarget,
  findMessageTarget,
  findPostTarget,
  findUserTarget,
} from "./context-queries";

/** Enough of the text to show the queue what was reported if it is deleted later. */
const SNAPSHOT_MAX = 1000;
const clip = (text: string) => (text.length > SNAPSHOT_MAX ? `${text.slice(0, SNAPSHOT_MAX - 1)}…` : text);

export type TargetFacts = { authorId: number | null; snapshot: string };

/**
 * The reported thing as the reporter may see it: its author and text. A chat message is only
 * reportable by someone who can read it (its recipient, a member of its club, an admin; an aviso
 * also its club's owner), so a
 * message id from elsewhere is 404 like a missing one; so is content a watched word holds, which
 * only its author sees. Nobody reports their own content.
 */
export async function readReportTarget({
  db,
  viewer,
  type,
  id,
}: {
  db: Executor;
  viewer: SessionUser;
  type: ReportTarget;
  id: number;
}): Promise<TargetFacts> {
  const facts = await readFacts(db, viewer, type, id);
  if (!facts || (facts.held && facts.authorId !== viewer.id)) throw new NotFound(m.reports.notFound);
  if (type === "user" && id === viewer.id) throw new Invalid(m.reports.self);
  if (type !== "user" && facts.authorId === viewer.id) throw new Invalid(m.reports.ownContent);
  return { authorId: facts.authorId, snapshot: clip(facts.snapshot) };
}

async function readFacts(
  db: Executor,
  viewer: SessionUser,
  type: ReportTarget,
  id: number,
): Promise<(TargetFacts & { held?: boolean }) | null> {
  switch (type) {
    case "post": {
      const post = await findPostTarget(db, id);
      if (!post) return null;
      return {
        authorId: post.authorId,
        snapshot: [post.title, post.text].filter(Boolean).join("\n"),
        held: post.held,
      };
    }
    case "comment": {
      const comment = await findCommentTarget(db, id);
      return comment ? { authorId: comment.authorId, snapshot: comment.content, held: comment.held } : null;
    }
    case "message": {
      const message = await findMessageTarget(db, id, viewer.id);
      if (!message) return null;
      // An aviso is read by its club's owner too (who stays out of the club chat).
      const readable =
        message.clubId === null
          ? message.recipientId === viewer.id || message.authorId === viewer.id
          : message.viewerIsMember ||
            (message.inAnnouncements && message.viewerIsOwner) ||
            viewer.role === "admin" ||
            message.authorId === viewer.id;
      return readable ? { authorId: message.authorId, snapshot: message.content, held: message.held } : null;
    }
    case "club": {
      const club = await findClubTarget(db, id);
      return club ? { authorId: club.authorId, snapshot: club.name } : null;
    }
    case "user": {
      const user = await findUserTarget(db, id);
      return user ? { authorId: user.id, snapshot: user.username } : null;
    }
  }
}
