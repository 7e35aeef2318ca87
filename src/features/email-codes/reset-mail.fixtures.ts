// The reset mails' queue, for tests that wait for it to settle before they close.
export { RESET_MAIL_QUEUE } from "./reset-mail-jobs";
