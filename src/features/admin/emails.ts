import { m } from "../../../common/messages";
import { renderMail } from "../email-codes/mail-layout";

type Recipient = { username: string; firstName: string | null };

/** Tells the user how an admin decided their request to become a club owner. */
export function ownerDecisionMail({ user, approved }: { user: Recipient; approved: boolean }) {
  return renderMail({
    subject: approved ? m.mail.ownerApprovedSubject : m.mail.ownerDeniedSubject,
    greetingName: user.firstName || user.username,
    username: user.username,
    paragraphs: [approved ? m.mail.ownerApprovedBody : m.mail.ownerDeniedBody],
  });
}
