import { m } from "../../../common/messages";
import { type MailRecipient, renderMail } from "../../lib/mail-layout";
import { defaultLocale, inLocale } from "../../platform/locale/request-locale";

/**
 * Tells the user how an admin decided their request to become a club owner: in the user's
 * saved language, else DEFAULT_LOCALE (never the admin's, whose request this is).
 */
export function ownerDecisionMail({ user, approved }: { user: MailRecipient; approved: boolean }) {
  return inLocale(user.locale ?? defaultLocale(), () =>
    renderMail({
      subject: approved ? m.mail.ownerApprovedSubject : m.mail.ownerDeniedSubject,
      greetingName: user.firstName || user.username,
      username: user.username,
      paragraphs: [approved ? m.mail.ownerApprovedBody : m.mail.ownerDeniedBody],
    }),
  );
}
