import { Link } from "@tanstack/react-router";
import ExternalLink from "lucide-react/icons/external-link";
import MapPin from "lucide-react/icons/map-pin";
import type { ClubDetail } from "../../../../common/api/clubs";
import { m } from "../../../../common/messages";
import { memberCountText } from "../../../components/club-card";
import { Alert, MultiLine } from "../../../components/form";
import { LazyPart } from "../../../lib/lazy-parts";
import { memberParts } from "../-lib/lazy-parts";

const t = m.clubPage;

function Info({ label, value }: { label: string; value: string | null | undefined }) {
  if (!value) return null;
  return (
    <div className="info-list__row">
      <dt>{label}</dt>
      <dd>{value}</dd>
    </div>
  );
}

export function OverviewPanel({ club }: { club: ClubDetail }) {
  const leaders = [
    [t.president, club.president],
    [t.vice, club.vice],
    [t.secretary, club.secretary],
  ] as const;
  const hasDetails =
    !!club.meeting_location ||
    [
      club.region,
      club.member_criteria,
      club.contact_hours,
      club.response_time,
      ...leaders.map(([, v]) => v),
    ].some(Boolean);
  return (
    <div className="club-overview">
      <section className="club-section">
        <h2 className="section-title">{t.about}</h2>
        <p className="club-lead">{club.description}</p>
        {club.profile_description ? (
          <div className="club-text">
            <MultiLine text={club.profile_description} />
          </div>
        ) : null}
      </section>
      {hasDetails ? (
        <section className="club-section">
          <h2 className="section-title">{t.details}</h2>
          <dl className="info-list">
            <Info label={t.region} value={club.region} />
            <Info label={t.memberCriteria} value={club.member_criteria} />
            <Info label={t.contactHours} value={club.contact_hours} />
            <Info label={t.responseTime} value={club.response_time} />
            {leaders.map(([label, value]) => (
              <Info key={label} label={label} value={value} />
            ))}
          </dl>
          {club.meeting_location ? (
            <a
              className="button button--ghost"
              href={club.meeting_location}
              target="_blank"
              rel="noopener noreferrer"
            >
              <MapPin aria-hidden="true" size={18} />
              {t.viewMap}
            </a>
          ) : null}
        </section>
      ) : null}
    </div>
  );
}

export function MembersPanel({ club }: { club: ClubDetail }) {
  if (club.members.length === 0) return <p className="empty-state">{t.noMembers}</p>;
  // A guest's answer names no member (many are minors): say how many, and how to see who.
  if (club.is_member === undefined) {
    return (
      <div className="empty-state">
        <p>{memberCountText(club.member_count)}</p>
        <p>
          <Link to="/login">{m.privacy.guestMembers}</Link>
        </p>
      </div>
    );
  }
  // People by name and picture, for a signed-in reader (member tools load with them).
  return <LazyPart parts={memberParts}>{(parts) => <parts.MemberList club={club} />}</LazyPart>;
}

export function ConnectPanel({ club }: { club: ClubDetail }) {
  const links = (["instagram", "facebook", "whatsapp", "google_forms"] as const).filter(
    (key) => club.social_links?.[key],
  );
  return (
    <div className="club-connect">
      <section className="club-section">
        <h2 className="section-title">{t.connect}</h2>
        {club.is_member ? (
          <Alert kind="success">{t.isMember}</Alert>
        ) : (
          <p>{club.is_open ? t.connectIntro : t.closed}</p>
        )}
      </section>
      {links.length ? (
        <section className="club-section">
          <h2 className="section-title">{t.socialLinks}</h2>
          <ul className="link-list">
            {links.map((key) => (
              <li key={key}>
                <a
                  href={club.social_links[key] ?? "#"}
                  target="_blank"
                  rel="noopener noreferrer"
                  className="button button--ghost"
                >
                  <ExternalLink aria-hidden="true" size={16} />
                  {t.social[key]}
                </a>
              </li>
            ))}
          </ul>
        </section>
      ) : null}
    </div>
  );
}
