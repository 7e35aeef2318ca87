/** Shapes of the connections and chat calls (snake_case as the API sends them). */
import type { ClubListItem } from "./types";

export type ConnectionClub = ClubListItem & {
  is_owner: boolean;
  last_message_content: string | null;
  last_message_at: string | null;
};

export type RequestUser = {
  id: number;
  username: string;
  first_name: string | null;
  last_name: string | null;
  profile_picture_url: string | null;
};

export type ConnectionMember = RequestUser & {
  club_id: number;
  club_name: string;
  last_message_content: string | null;
  last_message_at: string | null;
};

export type MyConnections = { clubs: ConnectionClub[]; members: ConnectionMember[] };

export type ConnectionRequest = {
  id: number;
  club_id: number;
  user_id: number;
  club: ClubListItem;
  user: RequestUser;
  created_at: string;
};

export type Conversation = {
  type: "user" | "club";
  id: number;
  name: string;
  image_url: string | null;
  last_message_content: string | null;
  last_message_at: string | null;
  last_message_sender_id: number | null;
  unread_count: number;
};

export type ChatMessage = {
  id: number;
  sender_id: number;
  sender_username: string;
  content: string;
  created_at: string;
  updated_at: string | null;
};

/** "First Last", else the username. */
export function displayName(user: {
  username: string;
  first_name?: string | null;
  last_name?: string | null;
}) {
  const name = [user.first_name, user.last_name]
    .map((p) => p?.trim())
    .filter(Boolean)
    .join(" ");
  return name || user.username;
}
