import { format, isLocale, m } from "../../../common/messages";
import type { AppDeps } from "../../deps";
import { inLocale } from "../../platform/locale/request-locale";
import { selectClubForPush, selectRecipientLocale } from "./queries";
import { queuePush } from "./queue-push";

/**
 * The push for "your join request was accepted / declined", in the requester's language. Until
 * the notification centre sends a push with every notice, this is the path a real push takes.
 * A failure to queue is logged, never thrown: the decision itself is already saved.
 */
export async function queueRequestDecisionPush(
  deps: Pick<AppDeps, "db" | "jobs" | "logger">,
  { userId, clubId, accepted }: { userId: number; clubId: number; accepted: boolean },
) {
  try {
    const club = await selectClubForPush(deps.db, clubId);
    if (!club) return;
    const locale = await selectRecipientLocale(deps.db, userId);
    const text = inLocale(locale && isLocale(locale) ? locale : null, () => ({
      title: format(accepted ? m.push.requestAccepted : m.push.requestDeclined, { club: club.name }),
      body: accepted ? m.push.requestAcceptedBody : m.push.requestDeclinedBody,
    }));
    await queuePush(deps, userId, {
      ...text,
      path: accepted ? `/clubs/${clubId}` : "/clubs",
      tag: `club-${clubId}-request`,
      icon: club.pictureId ? `/uploads/${club.pictureId}` : undefined,
      kind: accepted ? "request_accepted" : "request_declined",
      clubId,
    });
  } catch (error) {
    deps.logger.error({ err: error, user_id: userId }, "queueing the request decision push failed");
  }
}
