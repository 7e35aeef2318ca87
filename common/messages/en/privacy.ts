/** Privacy of accounts: what guests see of members, and mails about an address used elsewhere. */
export const privacy = {
  limitedProfile: "Only people from {name}'s clubs see more of this profile.",
  guestMembers: "Log in to see who the members are.",
  memberFallbackName: "Member",
  emailInUseSubject: "Someone used your e-mail address on ClubNica",
  emailInUseIntro:
    "Someone just entered this e-mail address on a ClubNica account named {username}. Your own account keeps this address.",
  emailInUseIgnore:
    "If it was you, you can ignore this message. If not, nothing changes for you: the other account cannot use this address until it is verified from this mailbox.",
};
