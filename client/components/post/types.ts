export type RsvpStatus = "going" | "waitlisted" | "not_going";

/** Post and comment shapes as the posts API sends them (src/features/posts/schema.ts). */
export type FeedPost = {
  id: number;
  club_id: number;
  club_name: string;
  club_image_url: string | null;
  title: string | null;
  short_description: string | null;
  content: string | null;
  instagram_url: string | null;
  image_url: string | null;
  thumbnail_url: string | null;
  media: { url: string }[];
  is_event: boolean;
  event_date: string | null;
  event_location: string | null;
  /** Places at the event (null: no limit); going_count may exceed it after it was lowered. */
  capacity: number | null;
  going_count: number;
  waitlist_count: number;
  my_rsvp: RsvpStatus | null;
  display_image_first: boolean;
  created_at: string;
  like_count: number;
  liked_by_me: boolean;
  favorite_count: number;
  favorited_by_me: boolean;
  comment_count: number;
  views: number;
  can_edit: boolean;
};

export type PostComment = {
  id: number;
  post_id: number;
  user_id: number | null;
  content: string;
  created_at: string;
  author_display_name: string;
  author_first_name: string | null;
  author_last_name: string | null;
  author_username: string | null;
};

export const FEED_SORTS = ["relevant", "newest", "liked"] as const;
export type FeedSort = (typeof FEED_SORTS)[number];

export type Attendee = {
  id: number;
  username: string;
  first_name: string | null;
  last_name: string | null;
  profile_picture_url: string | null;
};
export type Attendees = {
  going: Attendee[];
  waitlist: Attendee[];
  going_count: number;
  waitlist_count: number;
  capacity: number | null;
};
