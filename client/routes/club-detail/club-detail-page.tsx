import { getRouteApi, Link, useNavigate, useRouter } from "@tanstack/react-router";
import { ArrowLeft, CalendarDays, Pencil, Trash2, Users } from "lucide-react";
import { useState } from "react";
import { splitTags } from "../../../common/club-rules";
import { format, m } from "../../../common/messages";
import { ClubCover, memberCountText } from "../../components/club-card";
import { Alert } from "../../components/form";
import { NextEvent } from "../../components/post/next-event";
import { PostComposer } from "../../components/post/post-composer";
import { useSession } from "../../components/session-provider";
import { ConnectPanel, MembersPanel, OverviewPanel } from "./-components/club-panels";
import { ClubPosts } from "./-components/club-posts";
import { ClubTabs } from "./-components/club-tabs";

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
  const tags = splitTags(club.tags);

  const remove = async () => {
    if (!window.confirm(t.deleteConfirm)) return;
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
      <div className="club-hero">
        <ClubCover club={club} width={1120} height={400} eager sizes="(min-width: 1152px) 1120px, 100vw" />
      </div>
      <div className="page club-page__content">
        <Link to="/clubs" className="back-link">
          <ArrowLeft aria-hidden="true" size={16} />
          {t.backToClubs}
        </Link>
        <header className="club-header">
          <div className="club-header__text">
            <h1 className="page__title">{club.name}</h1>
            <p className="club-card__meta">
              <Users aria-hidden="true" size={16} />
              {memberCountText(club.member_count)}
              {club.region ? ` · ${club.region}` : ""}
              {" · "}
              {club.is_open ? t.open : t.closed}
            </p>
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
          {canEdit || isAdmin ? (
            <div className="button-row club-header__actions">
              {canEdit ? (
                <>
                  <Link
                    to="/clubs/edit/$clubId"
                    params={{ clubId }}
                    className="button button--secondary button--small"
                  >
                    <Pencil aria-hidden="true" size={16} />
                    {t.edit}
                  </Link>
                  <Link
                    to="/clubs/$clubId/calendar"
                    params={{ clubId }}
                    className="button button--secondary button--small"
                  >
                    <CalendarDays aria-hidden="true" size={16} />
                    {t.calendar}
                  </Link>
                </>
              ) : null}
              {isAdmin ? (
                <button
                  type="button"
                  className="button button--danger button--small"
                  onClick={remove}
                  disabled={deleting}
                >
                  <Trash2 aria-hidden="true" size={16} />
                  {t.delete}
                </button>
              ) : null}
            </div>
          ) : null}
        </header>
        <NextEvent clubId={clubId} event={nextEvent} />
        {deleteError ? <Alert>{deleteError}</Alert> : null}

        <ClubTabs clubId={clubId} active={tab} />
        <div role="tabpanel" id="club-tabpanel" aria-labelledby={`club-tab-${tab}`} className="tabpanel">
          {tab === "overview" ? <OverviewPanel club={club} /> : null}
          {tab === "members" ? <MembersPanel club={club} /> : null}
          {tab === "connect" ? <ConnectPanel club={club} /> : null}
          {tab === "posts" && canEdit ? <PostComposer clubId={club.id} /> : null}
          <ClubPosts clubId={clubId} posts={posts} openPost={openPost} showList={tab === "posts"} />
        </div>
      </div>
    </div>
  );
}
