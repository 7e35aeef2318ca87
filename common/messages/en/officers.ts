/** The Directiva (club officers) and the handover of a club: API details and the screens. */
export const officers = {
  manageForbidden: "Only this club's owner or an admin can name officers.",
  listForbidden: "Only members of this club can see its Directiva.",
  notMember: "This person is not a member of the club. Only members can be officers.",
  ownerIsNoOfficer: "The owner already holds every permission and cannot be an officer.",
  notOfficer: "This person is not an officer of the club.",
  titleRequired: "Type a title (for example Secretary).",
  titleTooLong: "The title can have at most 60 characters.",
  unknownPermission: "Unknown permission.",
};

export const handover = {
  offerForbidden: "Only this club's owner or an admin can hand the club over.",
  alreadyOwner: "This person already owns the club.",
  notMember: "The club can only be handed to one of its members.",
  alreadyOpen: "This club already has an open handover. Cancel it first.",
  noOpen: "This club has no open handover.",
  noOffer: "Nobody offered you this club.",
  alreadyAnswered: "This handover was already answered.",
  ownerChanged: "The club changed hands meanwhile, so this handover can no longer complete.",
  formerOwnerTitle: "Former owner",
  ownerActive:
    "This club's owner is active: they hand it over themselves (Edit → Members → Hand over the club).",
  userNotFound: "User not found",
  newOwnerBanned: "This account is suspended and cannot own a club.",
  newOwnerNotOwner: "This is a member account: make it an owner first (change its role).",
  ownerCannotLeave:
    "You own this club, so you cannot leave it. Hand it over to a member first (Edit → Members → Hand over the club); you can stay as an officer or leave once it is done.",
  ownerCannotDelete:
    "You own a club with members ({clubs}). Hand each one over to a member before deleting your account (the club's page → Edit → Members → Hand over the club).",
};

export const officersPage = {
  directiva: "Officers",
  manage: "What this officer may do",
  manageTitle: "Officers (Directiva)",
  intro:
    "Name members as officers with a title and what they may do. The owner and admins can always do everything.",
  member: "Member",
  title: "Title",
  titlePlaceholder: "Secretary",
  save: "Save",
  remove: "Remove from the Directiva",
  saved: "Saved.",
  failed: "Couldn't save. Try again.",
  noMembers: "The club has no members yet.",
  noOfficers: "No officers yet.",
  permissionNames: {
    accept_requests: "Accept join requests and remove members",
    post: "Publish posts and events",
    check_in: "Take attendance (check-in)",
    moderate_chat: "Delete messages in the club chat",
    edit_club: "Edit the club's page and images",
  },
  handoverHeading: "Hand over the club",
  handoverIntro:
    "Offer the club to a member. When they accept (and an admin approves, if their account is a member account), they become the owner. You stay a member with the permissions you tick here.",
  handoverTo: "New owner",
  keepPermissions: "What I keep as an officer",
  leaveAfter: "Leave the club once it is handed over",
  offer: "Offer the club",
  cancelOffer: "Cancel the handover",
  pendingOffer: "Handover offered to {person} ({status}).",
  statusNames: {
    offered: "waiting for their answer",
    awaiting_approval: "waiting for an admin's approval",
    completed: "completed",
    declined: "declined",
    cancelled: "cancelled",
    refused: "refused",
  },
  offeredToYou: "You were offered this club. Do you want to be its owner?",
  offeredToYouAwaiting: "You accepted this club. An admin must approve you as an owner first.",
  accept: "Accept",
  decline: "Decline",
};
