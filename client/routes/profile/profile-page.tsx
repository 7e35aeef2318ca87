import { getRouteApi, Link } from "@tanstack/react-router";
import Eye from "lucide-react/icons/eye";
import EyeOff from "lucide-react/icons/eye-off";
import Pencil from "lucide-react/icons/pencil";
import Settings from "lucide-react/icons/settings";
import { useEffect, useState } from "react";
import type { Profile } from "../../../common/api/users";
import { formatDateTime } from "../../../common/datetime";
import { format, m } from "../../../common/messages";
import { Alert, MultiLine } from "../../components/form";
import { PageSkeleton } from "../../components/skeleton";
import { useResource } from "../../lib/use-resource";
import { VerifyEmailStep } from "../account/-components/verify-email-step";
import { InterestsPrompt } from "./-components/interests-prompt";
import { ProfileView } from "./-components/profile-view";

const route = getRouteApi("/authed/profile");
const t = m.profilePage;

const publishKey = (userId: number) => `profile-published:${userId}`;

/** The Publish/Unpublish switch: kept on this device only (spec section 2), never sent. */
function usePublished(userId: number | undefined): [boolean, () => void] {
  const [published, setPublished] = useState(false);
  useEffect(() => {
    if (userId === undefined) return;
    try {
      setPublished(localStorage.getItem(publishKey(userId)) === "true");
    } catch {
      setPublished(false);
    }
  }, [userId]);
  const toggle = () => {
    if (userId === undefined) return;
    setPublished((current) => {
      const next = !current;
      try {
        localStorage.setItem(publishKey(userId), String(next));
      } catch {
        // Storage may be unavailable (private mode): the switch still works for this visit.
      }
      return next;
    });
  };
  return [published, toggle];
}

export function ProfilePage() {
  const search = route.useSearch();
  const profile = useResource(["users", "me"], (api) => api.get<Profile>("/api/users/me"), {
    fallback: t.failedLoad,
  });
  const [published, togglePublished] = usePublished(profile.data?.id);
  const [verifying, setVerifying] = useState(search.saved === "verify");
  const [justVerified, setJustVerified] = useState(false);

  if (profile.error) {
    return (
      <div className="page">
        <Alert>
          <MultiLine text={profile.error} />
        </Alert>
        <button type="button" className="button button--ghost" onClick={() => void profile.reload()}>
          {m.listCommon.retry}
        </button>
      </div>
    );
  }
  if (!profile.data) return <PageSkeleton lines={6} />;
  const p = profile.data;

  // An unverified address comes first: it is what stands between a new member and the app.
  const verifyPanel =
    p.email && !p.email_verified ? (
      <div className="card-panel profile__verify">
        {verifying ? (
          <VerifyEmailStep
            onVerified={() => {
              setVerifying(false);
              setJustVerified(true);
              void profile.reload();
            }}
          />
        ) : (
          <>
            <p>{format(t.emailUnverified, { email: p.email })}</p>
            <button
              type="button"
              className="button button--secondary button--small"
              onClick={() => setVerifying(true)}
            >
              {t.verifyEmail}
            </button>
          </>
        )}
      </div>
    ) : null;

  const extra = (
    <div className="profile__notes">
      {search.saved === "1" ? <Alert kind="success">{m.editProfilePage.saved}</Alert> : null}
      {search.saved === "verify" ? <Alert kind="success">{m.editProfilePage.savedVerify}</Alert> : null}
      <InterestsPrompt focus={justVerified} />
      {p.owner_request_pending ? <Alert kind="info">{t.ownerPending}</Alert> : null}
      {p.is_muted && p.mute_until ? (
        <Alert kind="info">{format(t.muted, { until: formatDateTime(p.mute_until) })}</Alert>
      ) : null}
    </div>
  );

  // The profile itself first; then the device-only Publish switch (spec section 2), titled and
  // explained so nobody takes it for a public visibility setting. Settings live on /settings.
  return (
    <div className="page profile-page">
      {verifyPanel}
      <ProfileView
        profile={p}
        extra={extra}
        actions={
          <>
            <Link to="/edit-profile" className="button button--secondary button--small">
              <Pencil aria-hidden="true" size={16} />
              {t.edit}
            </Link>
            <Link to="/settings" className="button button--ghost button--small" data-testid="settings-link">
              <Settings aria-hidden="true" size={16} />
              {t.settings}
            </Link>
          </>
        }
      />
      <section className="card-panel profile__publish" aria-labelledby="profile-publish-title">
        <h2 className="profile__section-title" id="profile-publish-title">
          {t.publishTitle}
        </h2>
        <p className="profile__publish-state" role="status">
          {published ? <Eye aria-hidden="true" size={18} /> : <EyeOff aria-hidden="true" size={18} />}
          {published ? t.published : t.unpublished}
        </p>
        <button
          type="button"
          className="button button--ghost button--small"
          aria-pressed={published}
          onClick={togglePublished}
        >
          {published ? t.unpublish : t.publish}
        </button>
        <p className="field__hint">{t.publishHint}</p>
      </section>
    </div>
  );
}
