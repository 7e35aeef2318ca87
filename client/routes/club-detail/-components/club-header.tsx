import { Link } from "@tanstack/react-router";
import CalendarDays from "lucide-react/icons/calendar-days";
import Check from "lucide-react/icons/check";
import MapPin from "lucide-react/icons/map-pin";
import MessageCircle from "lucide-react/icons/message-circle";
import Pencil from "lucide-react/icons/pencil";
import Trash2 from "lucide-react/icons/trash-2";
import Users from "lucide-react/icons/users";
import type { ClubDetail, SocialLinks } from "../../../../common/api/clubs";
import { splitTags } from "../../../../common/club-rules";
import { format, m } from "../../../../common/messages";
import { Avatar } from "../../../components/avatar";
import { ClubCover, memberCountText } from "../../../components/club-card";
import { SocialIcon } from "../../../components/icons/social-icons";
import { useSession } from "../../../components/session-provider";
import { ConnectButton } from "./connect-button";

const NETWORKS = [
  "instagram",
  "facebook",
  "whatsapp",
  "google_forms",
] as const satisfies (keyof SocialLinks)[];

type HeaderProps = {
  club: ClubDetail;
  /** Its owner or an admin is looking. */
  canEdit: boolean;
  /** Deletes the club after asking; null when the viewer may not. */
  onDelete: (() => void) | null;
  deleting: boolean;
};

/**
 * The club's one primary action, by who is looking: its owner (or an admin) edits it, a member
 * chats, anyone else connects (Connect, then Connection Sent). A closed club offers nothing.
 */
function PrimaryAction({ club, canEdit, onDelete, deleting }: HeaderProps) {
  const t = m.clubPage;
  const { user } = useSession();
  const clubId = String(club.id);
  if (canEdit) {
    return (
      <>
        <Link to="/clubs/edit/$clubId" params={{ clubId }} className="button button--primary">
          <Pencil aria-hidden="true" size={18} />
          {t.edit}
        </Link>
        <Link to="/clubs/$clubId/calendar" params={{ clubId }} className="button button--secondary">
          <CalendarDays aria-hidden="true" size={18} />
          {t.calendar}
        </Link>
        {onDelete ? (
          <button type="button" className="button button--danger" onClick={onDelete} disabled={deleting}>
            <Trash2 aria-hidden="true" size={18} />
            {t.delete}
          </button>
        ) : null}
      </>
    );
  }
  if (club.is_member) {
    return (
      <>
        <span className="club-header__member">
          <Check aria-hidden="true" size={18} />
          {m.screens.clubHeader.member}
        </span>
        <Link to="/chat/club/$clubId" params={{ clubId }} className="button button--primary">
          <MessageCircle aria-hidden="true" size={18} />
          {m.screens.clubHeader.chat}
        </Link>
      </>
    );
  }
  if (user && club.owner_id === user.id) return null;
  return club.is_open ? <ConnectButton club={club} /> : null;
}

/** Cover (at its saved position), logo, name, member count, region, the primary action, links. */
export function ClubHeader({ club, canEdit, onDelete, deleting }: HeaderProps) {
  const t = m.clubPage;
  const s = m.screens.clubHeader;
  const tags = splitTags(club.tags);
  const links = NETWORKS.filter((key) => club.social_links?.[key]);
  return (
    <header className="club-header">
      <div className="club-header__cover">
        <ClubCover club={club} width={1120} height={400} eager sizes="(min-width: 1152px) 1120px, 100vw" />
      </div>
      <div className="club-header__main">
        <div className="club-header__identity">
          <span className="club-header__logo">
            <Avatar
              src={club.profile_image_url}
              name={club.name}
              size={80}
              alt={club.profile_image_url ? format(s.logo, { name: club.name }) : ""}
            />
          </span>
          <div className="club-header__text">
            <h1 className="club-header__name">{club.name}</h1>
            <p className="club-header__meta">
              <span>
                <Users aria-hidden="true" size={16} />
                {memberCountText(club.member_count)}
              </span>
              {club.region ? (
                <span>
                  <MapPin aria-hidden="true" size={16} />
                  {club.region}
                </span>
              ) : null}
              <span>{club.is_open ? t.open : t.closed}</span>
            </p>
          </div>
        </div>
        <div className="club-header__actions" data-testid="club-primary-action">
          <PrimaryAction club={club} canEdit={canEdit} onDelete={onDelete} deleting={deleting} />
        </div>
        {links.length || tags.length ? (
          <div className="club-header__extras">
            {links.length ? (
              <ul className="club-header__social" aria-label={s.socialLabel}>
                {links.map((key) => (
                  <li key={key}>
                    <a
                      href={club.social_links[key] ?? "#"}
                      target="_blank"
                      rel="noopener noreferrer"
                      className="icon-button"
                      aria-label={format(s.openSocial, { network: t.social[key] })}
                      title={t.social[key]}
                    >
                      <SocialIcon network={key} />
                    </a>
                  </li>
                ))}
              </ul>
            ) : null}
            {tags.length ? (
              <ul className="chips" aria-label={m.clubsPage.tagLabel}>
                {tags.map((tag) => (
                  <li key={tag} className="chip">
                    {tag}
                  </li>
                ))}
              </ul>
            ) : null}
          </div>
        ) : null}
      </div>
    </header>
  );
}
