/** What /docs says about the Directiva and handover calls (officer-routes.ts). */

const permissions =
  "Permissions: accept_requests (the club's join requests: list, accept, decline; removing members; members CSV), post (the club's posts and events: create, edit, delete), check_in (the check-in screen and code, hand check-ins, confirming pending check-ins, the attendance and RSVP lists, the attendance CSV), moderate_chat (deleting messages in the club's chat; officers and admins only, since the spec keeps owners out of the club chat; there is no pinning), edit_club (PUT /api/clubs/{id}: the club's page and images, and its dashboard). The owner and admins hold every permission.";

export const officerDocs = {
  listOfficers: {
    summary: "The club's Directiva: officers with titles and permissions",
    description:
      "For the club's members, its owner and admins: each officer's user_id, username, display_name, title and permissions, in the order they were named. Others get 403; an unknown club 404.",
  },
  setOfficer: {
    summary: "Name a member as an officer, or change their title and permissions (owner or admin)",
    description: `Body {"title": 1-60 characters, "permissions": [...]}. ${permissions} Only the club's owner (while they hold the owner role) and admins name officers: others 403. The person must be a member of the club: 409 otherwise (and 409 for the owner). Unknown permission or empty title: 422. The title goes through the watched words.`,
  },
  removeOfficer: {
    summary: "Take an officer off the Directiva (owner or admin); they stay a member",
    description:
      "403 for anyone but the club's owner and admins; 404 when the person is no officer of the club.",
  },
  offerTransfer: {
    summary: "Offer the club to one of its members (handover; owner or admin)",
    description:
      'Body {"to_user_id", "previous_owner_permissions": [...] (what the old owner keeps as an officer once the handover completes; empty or left out: no officer rights), "previous_owner_title" (their officer title; default "Former owner"), "previous_owner_leaves": bool (the old owner leaves the club instead of staying a member)}. The person is told (notice club_transfer) and the audit log gets club.transfer_offer. 403 for anyone but the owner and admins; 409 when the person is not a member, already owns the club, or another handover is open (one at a time).',
  },
  getTransfer: {
    summary: "The club's open handover (owner, admin, or the person it is offered to)",
    description: "status offered or awaiting_approval. 404 when there is none (or it is not yours to see).",
  },
  acceptTransfer: {
    summary: "Accept a handover offered to you",
    description:
      "An owner or admin account takes the club at once (status completed): owner_id changes, the new owner's membership becomes the old owner's (member_count unchanged) with the officer rights chosen at offer time, and nothing else about the club changes. A member account files the spec's owner request (status awaiting_approval): the handover completes when an admin approves it (PATCH /api/admin/owner-requests/{id}?approve=true); a denial refuses it. Each step is a notice and an audit line. 404 when nothing is offered to you; 409 when it was already answered, you are no longer a member, or the club changed hands.",
  },
  declineTransfer: {
    summary: "Decline a handover offered to you",
    description:
      "The owner is told; audit club.transfer_decline. 404 when nothing is offered to you; 409 when already answered.",
  },
  cancelTransfer: {
    summary: "Withdraw the club's open handover (owner or admin)",
    description:
      "Works until the handover completes (also while it awaits an admin). The person is told; audit club.transfer_cancel. 403 for others; 404 when none is open.",
  },
  reassignOwner: {
    summary: "Give a club whose owner is banned or gone to another owner (admin)",
    description:
      'Body {"user_id"}: an owner or admin account (a member account: 409, change its role first; banned: 409; unknown: 404). Only when the club has no owner, or its owner is banned or no longer holds the owner role: otherwise 409 (the owner hands it over). If the new owner was a member of the club, that membership ends; any open handover is cancelled. Audited as club.owner_reassign; the new owner gets a notice.',
  },
} as const;
