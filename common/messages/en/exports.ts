/** CSV exports for club owners and admins: column headers and details. */
export const exports = {
  ownerOnly: "Only this club's owner or an admin can download its members.",
  name: "Name",
  username: "Username",
  email: "E-mail",
  joinedAt: "Joined at",
  otherAnswers: "Other answers",
  downloadMembers: "Download members (CSV)",
};
