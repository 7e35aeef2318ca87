import { Link } from "@tanstack/react-router";
import Megaphone from "lucide-react/icons/megaphone";
import type { OfficerJson } from "../../../../common/api/club-officers";
import type { ClubDetail } from "../../../../common/api/clubs";
import { m } from "../../../../common/messages";
import type { Api } from "../../../lib/api";

/**
 * A club's Avisos channel as the thread's header and composer need it: the club, and whether
 * the signed-in person may write there (its owner, an admin, an officer holding `post`; the
 * server checks again). Members read and react.
 */
export async function avisosPeer(api: Api, clubId: number, myId: number, isAdmin: boolean) {
  const club = await api.get<ClubDetail>(`/api/clubs/${clubId}`, { fallback: m.chatPage.failedLoad });
  const isOwner = club.owner_id === myId;
  let canWrite = isOwner || isAdmin;
  if (!canWrite) {
    const officers = await api.get<OfficerJson[]>(`/api/clubs/${clubId}/officers`).catch(() => []);
    canWrite = officers.some((officer) => officer.user_id === myId && officer.permissions.includes("post"));
  }
  return {
    name: club.name,
    image: club.profile_image_url ?? club.image_url,
    isOwner,
    canWrite,
    // Pins and moderators' deletions belong to the club chat; in Avisos writers delete their own.
    canModerate: false,
  };
}

/** From a club's chat (and the owner's note in its place) to its Avisos channel. */
export function AvisosLink({ clubId }: { clubId: number }) {
  return (
    <>
      {" · "}
      <Link to="/chat/announcements/$clubId" params={{ clubId: String(clubId) }}>
        {m.avisos.name}
      </Link>
    </>
  );
}

/** In place of the composer for a member: who writes here, and that they can react. */
export function AvisosReadOnlyNote() {
  return (
    <p className="chat__avisos-note muted" role="note" data-testid="avisos-read-only">
      <Megaphone aria-hidden="true" size={16} />
      <span>{m.avisos.readOnly}</span>
    </p>
  );
}
