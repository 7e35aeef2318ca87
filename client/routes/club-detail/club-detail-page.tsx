import { getRouteApi, Link, useNavigate, useRouter } from "@tanstack/react-router";
import ArrowLeft from "lucide-react/icons/arrow-left";
import CalendarDays from "lucide-react/icons/calendar-days";
import { useState } from "react";
import { format, m } from "../../../common/messages";
import { askToConfirm } from "../../components/confirm-host";
import { Alert } from "../../components/form";
import { NextEvent } from "../../components/post/next-event";
import { useSession } from "../../components/session-provider";
import { LazyPart } from "../../lib/lazy-parts";
import { ClubHeader } from "./-components/club-header";
import { ConnectPanel, MembersPanel, OverviewPanel } from "./-components/club-panels";
import { ClubPosts } from "./-components/club-posts";
import { ClubTabs } from "./-components/club-tabs";
import { memberParts } from "./-lib/lazy-parts";

const route = getRouteApi("/clubs/$clubId");
const t = m.clubPage;

function NotFound({ error }: { error: string | null }) {
  return (
    <div className="page">
      <div className="empty-state">
        <p>{error ? format(m.shellCommon.errorPrefix, { message: error }) : t.notFound}</p>
        <Link to="/clubs" className="button button--secondary">
          {t.backToClubs}
        </Link>
      </div>
    </div>
  );
}

export function ClubDetailPage() {
  const { club, error, posts, openPost, nextEvent } = route.useLoaderData();
  const { clubId } = route.useParams();
  const { tab = "overview" } = route.useSearch();
  const { user } = useSession();
  const router = useRouter();
  const navigate = useNavigate();
  const [deleteError, setDeleteError] = useState<string | null>(null);
  const [deleting, setDeleting] = useState(false);

  if (!club) return <NotFound error={error} />;
  const isAdmin = user?.role === "admin";
  const canEdit = !!user && (isAdmin || club.can_edit === true);
  // Officers reach what their permissions open, as the API says (my_permissions).
  const permissions = club.my_permissions ?? [];
  const canPost = canEdit || permissions.includes("post");
  const canAnswerRequests = !!user && permissions.includes("accept_requests");

  const remove = async () => {
    if (!(await askToConfirm({ message: t.deleteConfirm, confirmLabel: m.shellCommon.confirmDelete })))
      return;
    setDeleteError(null);
    setDeleting(true);
    try {
      await router.options.context.api.del(`/api/clubs/${club.id}`, { fallback: t.deleteFailed });
      await navigate({ to: "/clubs" });
    } catch {
      setDeleteError(t.deleteFailed);
    } finally {
      setDeleting(false);
    }
  };

  return (
    <div className="club-page">
      <div className="page club-page__content">
        <Link to="/clubs" className="back-link">
          <ArrowLeft aria-hidden="true" size={16} />
          {t.backToClubs}
        </Link>
        <ClubHeader club={club} canEdit={canEdit} onDelete={isAdmin ? remove : null} deleting={deleting} />
        {user && club.can_edit !== true ? (
          <LazyPart parts={memberParts}>
            {({ ReportButton }) => (
              <div className="club-header__report">
                <ReportButton type="club" id={club.id} />
              </div>
            )}
          </LazyPart>
        ) : null}
        <NextEvent clubId={clubId} event={nextEvent} />
        {user ? (
          <LazyPart parts={memberParts}>
            {({ OfficerTools, OfficerAttendanceLink }) => (
              <>
                <OfficerTools club={club} />
                {!canEdit ? (
                  <OfficerAttendanceLink
                    clubId={club.id}
                    viewerId={user.id}
                    eventId={nextEvent?.id ?? null}
                  />
                ) : null}
              </>
            )}
          </LazyPart>
        ) : null}
        {/* For everyone: the spec's Calendar button stays the owner's; this lists the club's events. */}
        <p className="club-page__events">
          <Link to="/events" search={{ club: Number(clubId) }} className="club-page__events-link">
            <CalendarDays aria-hidden="true" size={18} />
            {m.events.clubEventsLink}
          </Link>
        </p>
        {deleteError ? <Alert>{deleteError}</Alert> : null}
        {user ? (
          <LazyPart parts={memberParts}>
            {({ HandoverOffer }) => <HandoverOffer clubId={club.id} viewerId={user.id} />}
          </LazyPart>
        ) : null}

        <ClubTabs clubId={clubId} active={tab} />
        <div role="tabpanel" id="club-tabpanel" aria-labelledby={`club-tab-${tab}`} className="tabpanel">
          {tab === "overview" ? <OverviewPanel club={club} /> : null}
          {tab === "overview" && user ? (
            <LazyPart parts={memberParts}>{({ Directiva }) => <Directiva clubId={club.id} />}</LazyPart>
          ) : null}
          {tab === "members" && canAnswerRequests ? (
            <LazyPart parts={memberParts}>{({ ClubRequests }) => <ClubRequests clubId={club.id} />}</LazyPart>
          ) : null}
          {tab === "members" ? <MembersPanel club={club} /> : null}
          {tab === "connect" ? <ConnectPanel club={club} /> : null}
          {tab === "posts" && canPost ? (
            <LazyPart parts={memberParts}>
              {({ PostComposer, PollComposer }) => (
                <>
                  <PostComposer clubId={club.id} />
                  <PollComposer clubId={club.id} />
                </>
              )}
            </LazyPart>
          ) : null}
          <ClubPosts
            clubId={clubId}
            posts={posts}
            openPost={openPost}
            showList={tab === "posts"}
            canManage={permissions.includes("post")}
          />
        </div>
      </div>
    </div>
  );
}
