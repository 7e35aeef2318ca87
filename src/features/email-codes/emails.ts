import { m } from "../../../common/messages";
import { renderMail } from "./mail-layout";

type Recipient = { username: string; firstName: string | null };

export function verificationCodeMail({ user, code }: { user: Recipient; code: string }) {
  return renderMail({
    // Never the code in the subject: the mailer logs subjects.
    subject: m.mail.verifySubject,
    greetingName: user.firstName || user.username,
    username: user.username,
    paragraphs: [m.mail.verifyIntro],
    code,
    afterCode: [m.mail.verifyExpiry, m.mail.ignoreNote],
  });
}

export function passwordResetCodeMail({ user, code }: { user: Recipient; code: string }) {
  return renderMail({
    subject: m.mail.resetSubject,
    greetingName: user.firstName || user.username,
    username: user.username,
    paragraphs: [m.mail.resetIntro],
    code,
    afterCode: [m.mail.resetExpiry, m.mail.ignoreNote],
  });
}
