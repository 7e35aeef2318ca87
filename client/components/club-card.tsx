import { Link } from "@tanstack/react-router";
import MapPin from "lucide-react/icons/map-pin";
import Users from "lucide-react/icons/users";
import type { ClubListItem } from "../../common/api/clubs";
import { splitTags } from "../../common/club-rules";
import { format, m } from "../../common/messages";
import { wideImage } from "../lib/images";

export function memberCountText(count: number): string {
  return format(m.shellCommon.members, { count });
}

/** The card grid: one column on phones, two from 600 px, three from 960 px (widgets.css). */
const CARD_SIZES = "(min-width: 960px) 360px, (min-width: 600px) 50vw, 100vw";

/** Cover image respecting the saved position, or a tinted block with the initial. */
export function ClubCover({
  club,
  width = 400,
  height = 200,
  eager = false,
  sizes = CARD_SIZES,
}: {
  club: Pick<ClubListItem, "name" | "image_url" | "cover_position_x" | "cover_position_y">;
  width?: number;
  height?: number;
  eager?: boolean;
  /** How wide the cover is drawn (srcset `sizes`); the card grid's columns by default. */
  sizes?: string;
}) {
  if (!club.image_url) {
    return (
      <div className="club-cover club-cover--empty" aria-hidden="true">
        {club.name.trim().charAt(0).toUpperCase()}
      </div>
    );
  }
  return (
    <img
      className="club-cover"
      {...wideImage(club.image_url, sizes)}
      alt=""
      width={width}
      height={height}
      loading={eager ? "eager" : "lazy"}
      // The first covers are the page's largest paint: ask for them before the scripts.
      fetchPriority={eager ? "high" : "auto"}
      decoding="async"
      style={{ objectPosition: `${club.cover_position_x}% ${club.cover_position_y}%` }}
    />
  );
}

/**
 * The one club card (design brief): cover, name, member count, tag chips; links to the club.
 * `level` keeps the outline: h2 right under a page's h1, h3 under a section's h2.
 */
export function ClubCard({
  club,
  eager = false,
  level = 3,
}: {
  club: ClubListItem;
  eager?: boolean;
  level?: 2 | 3;
}) {
  const tags = splitTags(club.tags);
  const Name = level === 2 ? "h2" : "h3";
  return (
    <article className="club-card">
      <Link
        className="club-card__link"
        to="/clubs/$clubId"
        params={{ clubId: String(club.id) }}
        data-testid="club-card"
      >
        <ClubCover club={club} eager={eager} />
        <div className="club-card__body">
          <Name className="club-card__name">{club.name}</Name>
          <p className="club-card__meta">
            <Users aria-hidden="true" size={16} />
            {memberCountText(club.member_count)}
          </p>
          {/* Which city: a student in León looks for clubs she can reach (issue 50). */}
          {club.region ? (
            <p className="club-card__meta" data-testid="club-card-region">
              <MapPin aria-hidden="true" size={16} />
              {club.region}
            </p>
          ) : null}
          {tags.length ? (
            <ul className="chips" aria-label={m.clubsPage.tagLabel}>
              {tags.slice(0, 4).map((tag) => (
                <li key={tag} className="chip">
                  {tag}
                </li>
              ))}
            </ul>
          ) : null}
        </div>
      </Link>
    </article>
  );
}
