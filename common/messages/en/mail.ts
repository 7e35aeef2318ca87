/** E-mail subjects and bodies. `{name}` placeholders are filled by format(). */
export const mail = {
  footer: "You received this e-mail because of your ClubNica account ({username}).",
  ignoreNote: "If you did not ask for this, you can ignore this e-mail.",
  greeting: "Hello {name},",
  verifySubject: "Verify your e-mail address on ClubNica",
  verifyIntro: "Use this code to verify your e-mail address on ClubNica:",
  verifyExpiry: "The code is valid for 15 minutes and can be used once.",
  resetSubject: "Your ClubNica password reset code",
  resetIntro: "Someone (we hope you) asked to reset the password of your ClubNica account. Use this code:",
  resetExpiry:
    "The code is valid for 15 minutes and can be used once. Your password stays the same until you use it.",
  ownerApprovedSubject: "Your ClubNica owner request was approved",
  ownerApprovedBody:
    "An admin approved your request to become a club owner. You can now create and manage clubs on ClubNica.",
  ownerDeniedSubject: "Your ClubNica owner request was not approved",
  ownerDeniedBody:
    "An admin reviewed your request to become a club owner and did not approve it. Your account stays a member account: you can still browse, join and chat with clubs.",
  devOutboxTitle: "Development mail outbox",
  devOutboxEmpty: "No mail has been sent since the server started.",
  devOutboxNote: "Development only: mails are kept here because SMTP_URL is not set.",
};
