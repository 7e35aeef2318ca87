import { getRouteApi, Link } from "@tanstack/react-router";
import MessageCircle from "lucide-react/icons/message-circle";
import Pencil from "lucide-react/icons/pencil";
import type { Profile } from "../../../common/api/users";
import { displayName } from "../../../common/display-name";
import { m } from "../../../common/messages";
import { Alert, MultiLine } from "../../components/form";
import { ReportButton } from "../../components/report/report-button";
import { BlockToggle } from "../../components/safety/block-toggle";
import { useSession } from "../../components/session-provider";
import { PageSkeleton } from "../../components/skeleton";
import { ApiError } from "../../lib/api";
import { useResource } from "../../lib/use-resource";
import { ProfileView } from "./-components/profile-view";

const route = getRouteApi("/authed/users/$userId");
const t = m.profilePage;

/** Another user's public profile with a Message button (their own shows Edit instead). */
export function UserProfilePage() {
  const { userId } = route.useParams();
  const { user } = useSession();
  const id = Number(userId);
  const valid = Number.isInteger(id) && id > 0;
  const profile = useResource(["users", id], async (api) => {
    if (!valid) throw new Error(t.userNotFound);
    try {
      return await api.get<Profile>(`/api/users/${id}`, { fallback: t.failedLoad });
    } catch (error) {
      if (error instanceof ApiError && (error.status === 404 || error.status === 422))
        throw new Error(t.userNotFound);
      throw error;
    }
  });

  if (profile.error) {
    return (
      <div className="page">
        <Alert>
          <MultiLine text={profile.error} />
        </Alert>
        <Link to="/connections" className="button button--ghost">
          {m.connectionsPage.title}
        </Link>
      </div>
    );
  }
  if (!profile.data) return <PageSkeleton lines={6} />;
  const self = user?.id === profile.data.id;
  return (
    <div className="page profile-page">
      <ProfileView
        profile={profile.data}
        actions={
          self ? (
            <Link to="/edit-profile" className="button button--secondary button--small">
              <Pencil aria-hidden="true" size={16} />
              {t.edit}
            </Link>
          ) : (
            <>
              <Link
                to="/chat/user/$userId"
                params={{ userId: String(profile.data.id) }}
                className="button button--primary button--small"
              >
                <MessageCircle aria-hidden="true" size={16} />
                {t.message}
              </Link>
              <ReportButton
                type="user"
                id={profile.data.id}
                person={{ id: profile.data.id, name: displayName(profile.data) }}
              />
              <BlockToggle userId={profile.data.id} name={displayName(profile.data)} />
            </>
          )
        }
      />
    </div>
  );
}
