import { m } from "../../../common/messages";
import { type MailRecipient, renderMail } from "../../lib/mail-layout";
import { inLocale } from "../../platform/locale/request-locale";

/**
 * Code mails go to the person asking for them: in their saved language, else the language of
 * the request (the page they are on).
 */
export function verificationCodeMail({ user, code }: { user: MailRecipient; code: string }) {
  return inLocale(user.locale, () =>
    renderMail({
      // Never the code in the subject: the mailer logs subjects.
      subject: m.mail.verifySubject,
      greetingName: user.firstName || user.username,
      username: user.username,
      paragraphs: [m.mail.verifyIntro],
      code,
      afterCode: [m.mail.verifyExpiry, m.mail.ignoreNote],
    }),
  );
}

export function passwordResetCodeMail({ user, code }: { user: MailRecipient; code: string }) {
  return inLocale(user.locale, () =>
    renderMail({
      subject: m.mail.resetSubject,
      greetingName: user.firstName || user.username,
      username: user.username,
      paragraphs: [m.mail.resetIntro],
      code,
      afterCode: [m.mail.resetExpiry, m.mail.ignoreNote],
    }),
  );
}
