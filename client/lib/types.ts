/** API shapes the browser reads (snake_case as the API sends them). */
import type { Role } from "./session";

export type ClubListItem = {
  id: number;
  name: string;
  description: string;
  tags: string;
  region: string | null;
  image_url: string | null;
  profile_image_url: string | null;
  member_count: number;
  is_open: boolean;
  cover_position_x: number;
  cover_position_y: number;
};

export type SocialLinks = {
  facebook: string | null;
  instagram: string | null;
  google_forms: string | null;
  whatsapp: string | null;
};

export type ClubMember = { id: number; username: string; display_name: string };

export type ClubDetail = ClubListItem & {
  profile_description: string | null;
  social_links: SocialLinks;
  meeting_location: string | null;
  president: string | null;
  vice: string | null;
  secretary: string | null;
  member_criteria: string | null;
  contact_hours: string | null;
  response_time: string | null;
  owner_id: number | null;
  created_at: string;
  updated_at: string;
  members: ClubMember[];
  is_member?: boolean;
  /** The pending request's id, or null. */
  request_pending?: number | null;
  can_edit?: boolean;
};

export type TagCount = { tag: string; count: number };

export type ClubPost = {
  club_name?: string;
  instagram_url?: string | null;
  id: number;
  club_id: number;
  title: string | null;
  short_description: string | null;
  content: string | null;
  image_url: string | null;
  thumbnail_url?: string | null;
  is_event: boolean;
  event_date: string | null;
  event_location: string | null;
  created_at: string;
  like_count?: number;
  comment_count?: number;
};

export type PublicUser = { id: number; username: string; role: Role };

/** Splits the comma-separated tags string. */
export function splitTags(tags: string | null | undefined): string[] {
  return (tags ?? "")
    .split(",")
    .map((t) => t.trim())
    .filter(Boolean);
}
