import type { ClubDetail } from "../../../../common/api/clubs";
import type { Profile as ProfileJson } from "../../../../common/api/users";
import { displayName } from "../../../../common/display-name";
import { m } from "../../../../common/messages";
import { ApiError } from "../../../lib/api";
import { useResource } from "../../../lib/use-resource";
import type { ChatTarget } from "../-lib/chat-fetch";
import { avisosPeer } from "./avisos-peer";

const t = m.chatPage;

export type Peer = {
  name: string;
  image: string | null;
  /** The signed-in user owns this club: its chat is closed to them (not its Avisos). */
  isOwner: boolean;
  /** May send here: false for a member in a club's Avisos (they read and react). */
  canWrite: boolean;
  /** An officer with moderate_chat (or an admin): pins, deletes others' messages. */
  canModerate: boolean;
};

type Profile = Pick<ProfileJson, "id" | "username" | "first_name" | "last_name" | "profile_picture_url">;

/** Who is on the other side: the club (and whether the user owns it) or the person. */
export function useChatPeer(target: ChatTarget, myId: number, isAdmin: boolean) {
  return useResource<Peer>(["chat-peer", target.type, target.id, myId], async (api) => {
    try {
      if (target.type === "announcements") return await avisosPeer(api, target.id, myId, isAdmin);
      if (target.type === "club") {
        const club = await api.get<ClubDetail>(`/api/clubs/${target.id}`, { fallback: t.failedLoad });
        return {
          name: club.name,
          image: club.profile_image_url ?? club.image_url,
          isOwner: club.owner_id === myId,
          canWrite: true,
          canModerate: club.owner_id !== myId && (club.my_permissions ?? []).includes("moderate_chat"),
        };
      }
      const user = await api.get<Profile>(`/api/users/${target.id}`, { fallback: t.failedLoad });
      return {
        name: displayName(user),
        image: user.profile_picture_url,
        isOwner: false,
        canWrite: true,
        canModerate: false,
      };
    } catch (error) {
      if (error instanceof ApiError && error.status === 404) {
        throw new Error(target.type === "user" ? t.userNotFound : t.clubNotFound);
      }
      throw error;
    }
  });
}
