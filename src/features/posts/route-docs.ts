/** What /docs says about the post calls (routes.ts): the prose, kept out of the route table. */
import { uploadsNote } from "../../platform/rate-limits/actions";

const fields =
  'Fields: title, short_description, content, instagram_url, image (PNG/JPEG, at most 5 MB; a ~400 px thumbnail is stored too), is_event, event_date (ISO 8601; a time without offset is read as UTC), event_location, capacity (a whole number of places from 1 to 100000; blank: no limit; else 422 on body.capacity), display_image_first. event_date, event_location and capacity are kept only when is_event is true. A capacity raised frees places for the waitlist at once; lowered below going_count, everyone going keeps their place (going_count > capacity says so). Moving an event (new date or place), turning it into a plain post or deleting it tells everyone going (a notice and an e-mail). Booleans are the strings true/false. Blank text is stored as null. A post needs text (title, short_description or content), an Instagram URL or an image, else 422 "Please add text, an Instagram URL, or upload an image."; an event needs event_date, else 422 "Please select a date". instagram_url must be an Instagram post, reel or IGTV address (instagram.com/p|reel|tv/<code>, with or without scheme and www); it is stored as https://www.instagram.com/p/<code>/, otherwise 422 on body.instagram_url. Only the club\'s owner or an admin (403), and not while muted (403).';

const paging =
  "Paging: `?limit=` (default 20, max 100) with `?offset=` (max 10000), or `?cursor=` taken from the X-Next-Cursor response header of the previous page (stable while new posts arrive; absent on the last page).";

const reactionsNote =
  "Like and favorite toggles together are limited per account (RATE_REACTIONS_PER_ACCOUNT, default 60 in 10 minutes) and per client address (RATE_REACTIONS_PER_ADDRESS, default 1200 in 10 minutes): past either 429 with Retry-After.";

export const postsDocs = {
  feed: {
    summary: "The home feed (What's New)",
    description: `Every club's posts, so a new member never sees an empty page; \`?scope=connected\` keeps only clubs the caller belongs to or owns. \`?filter=\`: \`relevant\` (default; Most Relevant: by the average of like_count, favorite_count and comment_count, newest first on ties), \`newest\` (created_at desc), \`liked\` (Most Liked: like_count desc, newest first on ties). Each page is one indexed query, whatever the number of posts. ${paging}`,
  },
  createPost: {
    summary: "Publish a post or an event in a club (multipart)",
    description: `club_id is required (unknown: 404 "Club not found"). ${fields} Limited per account (RATE_POSTS_PER_ACCOUNT, default 20 an hour) and per client address (RATE_POSTS_PER_ADDRESS, default 200 an hour): past either 429 with Retry-After. ${uploadsNote}`,
  },
  getPost: {
    summary: "One post (guests too)",
    description: "liked_by_me, favorited_by_me and can_edit are false for guests. Unknown id: 404.",
  },
  updatePost: {
    summary: "Edit a post (multipart, partial)",
    description: `A field left out keeps its value; a field sent blank clears it; remove_image=true drops the image; the club cannot change. The merged post is checked like a new one. ${fields} ${uploadsNote}`,
  },
  deletePost: {
    summary: "Delete a post (its club's owner or an admin)",
    description: "Likes, favorites, views and comments go with it. 204 on success, 403, 404.",
  },
  like: {
    summary: "Toggle the caller's like",
    description: `Returns the new like_count and whether the caller now likes the post. Exact under concurrency. ${reactionsNote}`,
  },
  favorite: {
    summary: "Toggle the caller's favorite (save for later)",
    description: `Same as like: returns the new favorite_count and whether the caller now has it as a favorite. Favorites count toward Most Relevant. ${reactionsNote}`,
  },
  view: {
    summary: "Count the caller's view of a post",
    description:
      "Returns the views. The same user opening the same post again within 24 hours is not counted again.",
  },
  clubPosts: {
    summary: "A club's posts and events, newest first (guests too)",
    description: `Unknown club: 404 "Club not found". ${paging}`,
  },
  clubEvents: {
    summary: "A club's events in a date range, soonest first (for its calendar)",
    description:
      "`?from=` and `?to=` are ISO 8601 dates or date-times; events with from <= event_date < to. Without from: upcoming events (event_date from 24 hours ago on); without to: no upper bound. to must be after from (422). Paging: `?limit=` (default 100, max 100) and `?offset=`. Unknown club: 404.",
  },
} as const;
