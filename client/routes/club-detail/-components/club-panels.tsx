import { Link, useNavigate, useRouter } from "@tanstack/react-router";
import { Check, ExternalLink, MapPin } from "lucide-react";
import { useState } from "react";
import type { ClubDetail } from "../../../../common/api/clubs";
import { m } from "../../../../common/messages";
import { Alert, MultiLine } from "../../../components/form";
import { useSession } from "../../../components/session-provider";
import { ApiError } from "../../../lib/api";

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
  return (
    <ul className="member-list">
      {club.members.map((member) => (
        <li key={member.id} className="member-list__item">
          <span className="avatar" aria-hidden="true">
            {(member.display_name || member.username || "?").charAt(0).toUpperCase()}
          </span>
          <span>
            <span className="member-list__name">{member.display_name || member.username}</span>
            {member.username ? <span className="member-list__username">@{member.username}</span> : null}
          </span>
        </li>
      ))}
    </ul>
  );
}

/** Spec section 8: 401 -> /login; 403 -> the server's message, then profile creation; else the reason. */
function ConnectButton({ club }: { club: ClubDetail }) {
  const { ready, user, token } = useSession();
  const router = useRouter();
  const navigate = useNavigate();
  const [sent, setSent] = useState(false);
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const pending = sent || (club.request_pending !== null && club.request_pending !== undefined);

  if (club.is_member) return <Alert kind="success">{t.isMember}</Alert>;
  if (user && club.owner_id === user.id) return null;

  const connect = async () => {
    setError(null);
    if (!token) {
      setError(t.loginToConnect);
      return;
    }
    setBusy(true);
    try {
      await router.options.context.api.post(`/api/connection-requests?club_id=${club.id}`, {
        fallback: t.sendFailed,
      });
      setSent(true);
    } catch (cause) {
      const e = cause instanceof ApiError ? cause : null;
      if (e?.status === 401) {
        void navigate({ to: "/login" });
      } else if (e?.status === 403) {
        void navigate({ to: "/profile/create", state: { notice: e.message } as never });
      } else {
        setError(e?.message && e.message !== t.sendFailed ? `${t.sendFailed}\n${e.message}` : t.sendFailed);
      }
    } finally {
      setBusy(false);
    }
  };

  return (
    <div className="connect">
      {error ? (
        <Alert>
          <MultiLine text={error} />
          {!token ? (
            <>
              {" "}
              <Link to="/login">{m.nav.logIn}</Link>
            </>
          ) : null}
        </Alert>
      ) : null}
      {pending ? (
        <button type="button" className="button button--success" disabled aria-disabled="true">
          <Check aria-hidden="true" size={18} />
          {t.connectionSent}
        </button>
      ) : (
        // Disabled until the page has hydrated and read the session: a tap before that would be lost.
        <button type="button" className="button button--primary" onClick={connect} disabled={busy || !ready}>
          {t.connect}
        </button>
      )}
    </div>
  );
}

export function ConnectPanel({ club }: { club: ClubDetail }) {
  const links = (["instagram", "facebook", "whatsapp", "google_forms"] as const).filter(
    (key) => club.social_links?.[key],
  );
  return (
    <div className="club-connect">
      <section className="club-section">
        <h2 className="section-title">{t.connect}</h2>
        <p>{club.is_open ? t.connectIntro : t.closed}</p>
        {club.is_open ? <ConnectButton club={club} /> : null}
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
