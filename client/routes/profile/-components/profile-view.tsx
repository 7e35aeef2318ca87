import { Link } from "@tanstack/react-router";
import GraduationCap from "lucide-react/icons/graduation-cap";
import Lock from "lucide-react/icons/lock";
import MapPin from "lucide-react/icons/map-pin";
import User from "lucide-react/icons/user";
import { type ReactNode, useState } from "react";
import type { Profile } from "../../../../common/api/users";
import { format, m } from "../../../../common/messages";
import { Avatar } from "../../../components/avatar";
import { fullName } from "../../../lib/profile-fields";
import { truncateWords } from "../../../lib/truncate-words";

const t = m.profilePage;

/** The description cut to 500 words (spec section 9), with Show more. */
function Description({ text }: { text: string | null }) {
  const [expanded, setExpanded] = useState(false);
  if (!text?.trim()) return <p className="muted">{t.noDescription}</p>;
  const cut = truncateWords(text);
  return (
    <div className="profile__description">
      <p data-testid="profile-description">{expanded || !cut.truncated ? text : cut.text}</p>
      {cut.truncated ? (
        <button
          type="button"
          className="link-button"
          aria-expanded={expanded}
          onClick={() => setExpanded((v) => !v)}
        >
          {expanded ? m.listCommon.showLess : m.listCommon.showMore}
        </button>
      ) : null}
    </div>
  );
}

/** A profile: picture, names, role, details, description and clubs. `actions` go under the name. */
export function ProfileView({
  profile,
  actions,
  extra,
}: {
  profile: Profile;
  actions?: ReactNode;
  extra?: ReactNode;
}) {
  const name = fullName(profile);
  const details: { icon: ReactNode; label: string; value: string | null }[] = [
    { icon: <GraduationCap aria-hidden="true" size={18} />, label: t.school, value: profile.school },
    { icon: <MapPin aria-hidden="true" size={18} />, label: t.region, value: profile.region },
    {
      icon: <User aria-hidden="true" size={18} />,
      label: t.gender,
      value: profile.gender ? (t.genders[profile.gender] ?? profile.gender) : null,
    },
  ];
  return (
    <article className="profile">
      <header className="profile__header card-panel">
        <Avatar
          src={profile.profile_picture_url}
          name={name}
          size={112}
          alt={format(t.pictureAlt, { name })}
        />
        <div className="profile__identity">
          <h1 className="profile__name">{name}</h1>
          <p className="profile__username">
            {format(t.username, { username: profile.username })}
            <span className="chip">{t.roles[profile.role] ?? profile.role}</span>
          </p>
          {actions ? <div className="button-row profile__actions">{actions}</div> : null}
        </div>
      </header>
      {extra}
      {profile.limited ? (
        <LimitedDetails profile={profile} name={name} />
      ) : (
        <FullDetails profile={profile} details={details} />
      )}
    </article>
  );
}

/**
 * A stranger's view of a profile (they share no club): who the person is, their region, and a
 * sentence saying why the rest is not shown.
 */
function LimitedDetails({ profile, name }: { profile: Profile; name: string }) {
  return (
    <section className="card-panel profile__limited" aria-labelledby="profile-details">
      <h2 id="profile-details" className="section-title">
        {t.details}
      </h2>
      <p className="profile__limited-note">
        <Lock aria-hidden="true" size={18} />
        {format(m.privacy.limitedProfile, { name })}
      </p>
      <dl className="profile__details">
        <div className="profile__detail">
          <dt>
            <MapPin aria-hidden="true" size={18} />
            {t.region}
          </dt>
          <dd className={profile.region ? undefined : "muted"}>{profile.region || t.notSet}</dd>
        </div>
      </dl>
    </section>
  );
}

function FullDetails({
  profile,
  details,
}: {
  profile: Profile;
  details: { icon: ReactNode; label: string; value: string | null }[];
}) {
  const clubs = profile.clubs ?? [];
  return (
    <div className="profile__grid">
      <section className="card-panel" aria-labelledby="profile-about">
        <h2 id="profile-about" className="section-title">
          {t.about}
        </h2>
        <Description text={profile.description} />
      </section>
      <div className="profile__side">
        <section className="card-panel" aria-labelledby="profile-details">
          <h2 id="profile-details" className="section-title">
            {t.details}
          </h2>
          <dl className="profile__details">
            {details.map((d) => (
              <div key={d.label} className="profile__detail">
                <dt>
                  {d.icon}
                  {d.label}
                </dt>
                <dd className={d.value ? undefined : "muted"}>{d.value || t.notSet}</dd>
              </div>
            ))}
          </dl>
        </section>
        <section className="card-panel" aria-labelledby="profile-clubs">
          <h2 id="profile-clubs" className="section-title">
            {t.clubs}
          </h2>
          {clubs.length === 0 ? (
            <p className="muted">{t.noClubs}</p>
          ) : (
            <ul className="chips profile__clubs">
              {clubs.map((club) => (
                <li key={club.id}>
                  <Link className="chip-link" to="/clubs/$clubId" params={{ clubId: String(club.id) }}>
                    {club.name}
                  </Link>
                </li>
              ))}
            </ul>
          )}
        </section>
      </div>
    </div>
  );
}
