/** What /docs says about the admin calls (routes.ts and user-routes.ts): the prose, kept out of the route table. */

const adminOnly = "Admins only: 401 without a token, 403 for members and owners.";

const durationNote =
  "days, hours and minutes add up to the duration (at least one minute, at most 3650 days); false clears it. It lifts by itself when the time passes. An admin cannot restrict themselves (403).";

export const adminDocs = {
  listOwnerRequests: {
    summary: "Pending owner requests",
    description: `Oldest first. role is the user's current role; requested_role is always owner. ${adminOnly}`,
  },
  decideOwnerRequest: {
    summary: "Approve or deny an owner request",
    description: `?approve=true makes the user an owner; ?approve=false leaves them a member. Either way the request leaves the pending list and the user gets an e-mail saying so when they have an address. A request filed by accepting a club handover (POST /api/clubs/{id}/transfer/accept) completes that handover on approval and refuses it on denial. 404 unknown, 409 already decided. Audited. ${adminOnly}`,
  },
  readAuditLog: {
    summary: "The admin audit log",
    description: `Every admin action (owner request approve/deny, ban, unban, mute, unmute, role change, dummy creation, comment, post, chat message and club deletion, report resolution), newest first, with the acting admin. Filters combine: ?action= (e.g. user.ban), ?actor= (the admin's username), ?target_type= (user, club, comment, post, message, owner_request) and ?target_id=. ?limit= (default 20, max 100), ?offset=; the X-Total-Count header carries the number of matching entries. ${adminOnly}`,
  },
  listAuditActions: {
    summary: "The actions the audit log holds",
    description: `Distinct action names (alphabetical, at most 200), for the audit screen's filter. ${adminOnly}`,
  },
  // user-routes.ts
  listUsers: {
    summary: "List and search users",
    description: `?search= matches username, name or e-mail (case and accents ignored); ?limit= (default 20, max 100) and ?offset= page the list, newest first. The X-Total-Count header carries the number of matches. ${adminOnly}`,
  },
  createDummyUser: {
    summary: "Create a dummy (test) user",
    description: `Defaults: role member, first name Test, last name User, email_verified and test_account true; a strong password is generated when none is given. The response is the only place the password is ever shown. Username or e-mail taken: 409. Audited. ${adminOnly}`,
  },
  banUser: {
    summary: "Ban or unban a user",
    description: `?ban=true|false&days=&hours=&minutes=. Returns ban_until. A banned user cannot log in or use any token. ${durationNote} Audited. ${adminOnly}`,
  },
  muteUser: {
    summary: "Mute or unmute a user",
    description: `?mute=true|false&days=&hours=&minutes=. Returns mute_until. A muted user can read but not post, comment or send messages (403 saying until when). ${durationNote} Audited. ${adminOnly}`,
  },
  changeRole: {
    summary: "Change a user's role",
    description: `Body {role: member|owner|admin}. An admin cannot change their own role (403) nor demote the last admin (409). Making someone an owner approves their pending owner request (and completes a club handover that waited for it). Audited. ${adminOnly}`,
  },
  reassignClubOwner: {
    summary: "Give a club whose owner is banned or gone to another owner",
    description: `Body {"user_id"}: an owner or admin account (a member account: 409, change its role first; a banned one: 409; unknown: 404). Only when the club has no owner, or its owner is banned or no longer holds the owner role: otherwise 409 (the owner hands the club over with POST /api/clubs/{id}/transfer). If the new owner was a member of the club, that membership ends; an open handover is cancelled. Audited as club.owner_reassign; the new owner gets a notice. Unknown club: 404. ${adminOnly}`,
  },
} as const;
