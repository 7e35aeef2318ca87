export { CLUB_PERMISSIONS, type ClubPermission } from "../../../common/api/club-officers";

/**
 * What each officer permission opens (every call checks it through assertClubPermission):
 * - accept_requests: the club's join requests (list, accept, decline), removing members, members CSV
 * - post: creating, editing and deleting the club's posts and events, and creating its polls
 * - check_in: the check-in screen, hand check-ins, confirming pending ones, the attendance and
 *   RSVP lists and the attendance CSV
 * - moderate_chat: deleting messages in the club's chat and pinning one (officers only: the spec keeps owners out of the chat)
 * - edit_club: the club's page and images (PUT /api/clubs/{id}) and its dashboard
 */
