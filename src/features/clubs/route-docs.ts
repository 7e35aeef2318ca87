/** What /docs says about the club calls (routes.ts): the prose, kept out of the route table. */
import { uploadsNote } from "../../platform/rate-limits/actions";
import { TOP_CLUBS_LIMIT } from "./service";

const formDescription =
  "Multipart (or JSON) with the spec's fields: name and description (required on create), profile_description, tags (comma-separated; trimmed, duplicates dropped), is_open, social_links (JSON string: facebook, instagram, google_forms, whatsapp), region (Managua, León, Masaya, Granada), meeting_location, president, vice, secretary, member_criteria, contact_hours, response_time, cover_position_x and cover_position_y (0-100, default 50), join_questions (JSON list of up to three questions, at most 200 characters each; blank ones dropped; the Connect button asks them), image (cover) and profile_picture (PNG/JPEG, at most 5 MB). Links without a scheme get https://; meeting_location takes a map link or an address, and an address is stored as a map search link (https://www.google.com/maps/search/?api=1&query=…); a WhatsApp number keeps digits and +, a leading 00 becomes +, and is stored as https://wa.me/<digits>. Invalid fields give 422 with `[{loc, msg}]`.";

const createsNote =
  "Limited per account (RATE_CLUB_CREATES_PER_ACCOUNT, default 10 an hour) and per client address (RATE_CLUB_CREATES_PER_ADDRESS, default 100 an hour): past either 429 with Retry-After.";

const editsNote =
  "Limited per account (RATE_CLUB_EDITS_PER_ACCOUNT, default 60 an hour) and per client address (RATE_CLUB_EDITS_PER_ADDRESS, default 600 an hour): past either 429 with Retry-After.";

export const clubsDocs = {
  listClubs: {
    summary: "List clubs (guests too), with search, tag and region filters",
    description:
      "`?q=` searches name, both descriptions and tags ignoring case and accents and tolerating a typo (trigram word similarity ≥ 0.5); results are ranked by name match, then text match, then member_count. Without `q` the order is member_count desc, id. `?tag=` matches one tag exactly (case- and accent-insensitive), `?region=` one region. Paging: `?limit=` (default 20, max 100) and `?offset=`; the header X-Total-Count carries the number of matches.",
  },
  listTags: {
    summary: "Distinct tags with the number of clubs carrying each",
    description:
      "For the tag filter. Tags that differ only in case or accents are counted together; at most 200, most used first.",
  },
  getClub: {
    summary: "One club with every field, its members and (signed in) the viewer's state",
    description:
      'Guests get the club, its member_count and its members by id only (display_name is the neutral "Member", username and picture_url null; at most 500): no names of members, many of whom are minors. Signed-in viewers get each member\'s name, username and picture_url. With a token the response adds is_member, request_pending (the pending request\'s id or null) and can_edit. Unknown id: 404 "Club not found".',
  },
  createClub: {
    summary: "Create a club (owner or admin)",
    description: `${formDescription} Others get 403 "You must be a club owner or admin to create a club." The creator becomes owner_id. ${createsNote} ${uploadsNote}`,
  },
  updateClub: {
    summary: "Edit a club (its owner or an admin)",
    description: `${formDescription} Fields left out keep their value; an empty text clears it. A new image replaces the old one. ${editsNote} ${uploadsNote}`,
  },
  deleteClub: {
    summary: "Delete a club (admin only)",
    description:
      "Removes the club with its posts, comments, requests, memberships and chat messages, and its images when nothing else uses them. Written to the audit log as club.delete.",
  },
  topClubs: {
    summary: `Top clubs for the landing marquee (at most ${TOP_CLUBS_LIMIT}, no auth)`,
    description:
      "Score = member_count + 3 × posts in the last 30 days; ties by member_count then id. Cached for 10 s per process and dropped on every replica as soon as a club or post changes (PostgreSQL LISTEN/NOTIFY); on a database failure the last list (or []) is served, never an error.",
  },
} as const;
