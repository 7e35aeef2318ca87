import { getRouteApi, Link, useRouter } from "@tanstack/react-router";
import ArrowUp from "lucide-react/icons/arrow-up";
import LayoutGrid from "lucide-react/icons/layout-grid";
import List from "lucide-react/icons/list";
import { useCallback, useEffect, useLayoutEffect, useState } from "react";
import type { FeedPost } from "../../../common/api/posts";
import { FEED_SORTS, type FeedSort } from "../../../common/enums";
import { format, m } from "../../../common/messages";
import { Alert } from "../../components/form";
import { FeedSkeleton, PostCard } from "../../components/post/post-card";
import { PostModal, type PostPatch } from "../../components/post/post-modal";
import { useSession } from "../../components/session-provider";
import { SUGGESTED_LIMIT, SuggestedClubs, useSuggestedClubs } from "../../components/suggested-clubs";
import { isSettled } from "../../lib/use-resource";
import { NearbyEvents, useNearbyEvents } from "./-components/nearby-events";
import { UpcomingEvents, useUpcomingStrip } from "./-components/upcoming-events";
import { useFeed } from "./-lib/use-feed";
import { useIsNewMember } from "./-lib/use-is-new-member";

const t = m.feedPage;
const route = getRouteApi("/authed/home");
const LAYOUT_KEY = "clubnica.feed-layout";
type Layout = "grid" | "list";

function readLayout(): Layout {
  try {
    return window.localStorage.getItem(LAYOUT_KEY) === "list" ? "list" : "grid";
  } catch {
    return "grid";
  }
}

export function HomePage() {
  const { sort = "relevant", post: linked } = route.useSearch();
  const navigate = route.useNavigate();
  const { api } = useRouter().options.context;
  const { user } = useSession();
  const feed = useFeed(sort);
  const newMember = useIsNewMember();
  // What goes above the feed is drawn before the feed, so a block that comes in late never
  // pushes down the post the reader is looking at: the feed's skeleton stays until each block
  // knows whether it shows (the same loads the blocks make, from the shared cache).
  const strip = useUpcomingStrip();
  const suggestionsShown = newMember === true || feed.posts?.length === 0;
  const suggestions = useSuggestedClubs(SUGGESTED_LIMIT, suggestionsShown);
  const nearby = useNearbyEvents(newMember === true);
  const aboveDrawn =
    strip !== null && newMember !== null && (!newMember || (isSettled(suggestions) && nearby !== null));
  // The server renders the grid (it cannot read storage); the reader's choice is applied before
  // the browser paints a screen it draws itself, and right after hydrating a server-drawn one.
  const [layout, setLayout] = useState<Layout>("grid");
  useLayoutEffect(() => setLayout(readLayout()), []);
  const [openId, setOpenId] = useState<number | null>(linked ?? null);
  const [snapshot, setSnapshot] = useState<FeedPost | null>(null);

  // `?post=<id>` opens that post: on load, and on back/forward.
  useEffect(() => {
    setOpenId(linked ?? null);
  }, [linked]);

  // A linked post the reader has not opened from the feed is fetched on its own.
  const snapshotId = snapshot?.id;
  useEffect(() => {
    if (linked === undefined || snapshotId === linked) return;
    let cancelled = false;
    api
      .get<FeedPost>(`/api/posts/${linked}`)
      .then((post) => {
        if (!cancelled) setSnapshot(post);
      })
      .catch(() => {
        if (!cancelled) setOpenId(null);
      });
    return () => {
      cancelled = true;
    };
  }, [api, linked, snapshotId]);

  useEffect(() => {
    try {
      window.localStorage.setItem(LAYOUT_KEY, layout);
    } catch {
      // Private mode: the choice lasts for this page only.
    }
  }, [layout]);

  const [startInComment, setStartInComment] = useState(false);
  const open = useCallback(
    (post: FeedPost, _opener?: HTMLElement, intent?: "comment") => {
      setStartInComment(intent === "comment");
      setSnapshot(post);
      setOpenId(post.id);
      void navigate({ search: (prev) => ({ ...prev, post: post.id }), replace: true, resetScroll: false });
    },
    [navigate],
  );
  const close = useCallback(() => {
    setOpenId(null);
    setStartInComment(false);
    void navigate({ search: (prev) => ({ ...prev, post: undefined }), replace: true, resetScroll: false });
  }, [navigate]);
  // A post outside the loaded feed (a link) lives in the snapshot: changes go to both.
  const { patch: patchFeed } = feed;
  const patch = useCallback(
    (id: number, change: PostPatch) => {
      patchFeed(id, change);
      setSnapshot((s) =>
        s && s.id === id ? { ...s, ...(typeof change === "function" ? change(s) : change) } : s,
      );
    },
    [patchFeed],
  );
  const openPost = openId === null ? null : (feed.posts?.find((p) => p.id === openId) ?? snapshot);
  // Posts deleted from their ⋯ menu leave the feed at once; the next load agrees.
  const [deleted, setDeleted] = useState<ReadonlySet<number>>(new Set());
  const onDeleted = useCallback(
    (id: number) => {
      setDeleted((ids) => new Set([...ids, id]));
      close();
    },
    [close],
  );

  const choose = (next: FeedSort) =>
    navigate({ search: next === "relevant" ? {} : { sort: next }, replace: true, resetScroll: false });

  return (
    <div className="page feed-page">
      <header className="page__header feed-page__header">
        <div>
          <h1 className="page__title">{t.title}</h1>
          <p className="page__intro">{t.intro}</p>
        </div>
        <div className="feed-controls">
          <fieldset className="segmented">
            <legend className="segmented__legend">{t.sortLabel}</legend>
            {FEED_SORTS.map((option) => (
              <label key={option} className="segmented__option">
                <input
                  type="radio"
                  name="feed-sort"
                  value={option}
                  checked={sort === option}
                  onChange={() => choose(option)}
                />
                <span>{t.sorts[option]}</span>
              </label>
            ))}
          </fieldset>
          <fieldset className="segmented segmented--icons">
            <legend className="segmented__legend">{t.viewLabel}</legend>
            <button
              type="button"
              className="segmented__button"
              aria-pressed={layout === "grid"}
              onClick={() => setLayout("grid")}
            >
              <LayoutGrid aria-hidden="true" size={18} />
              <span className="segmented__text">{t.grid}</span>
            </button>
            <button
              type="button"
              className="segmented__button"
              aria-pressed={layout === "list"}
              onClick={() => setLayout("list")}
            >
              <List aria-hidden="true" size={18} />
              <span className="segmented__text">{t.list}</span>
            </button>
          </fieldset>
        </div>
      </header>

      <UpcomingEvents />

      {suggestionsShown ? <SuggestedClubs /> : null}

      {newMember ? <NearbyEvents /> : null}

      {feed.fresh.length > 0 ? (
        <div className="feed-fresh">
          <button
            type="button"
            className="button button--primary button--small"
            onClick={() => {
              feed.showFresh();
              // The reader asked for the new posts, which go on top: take them there.
              window.scrollTo({ top: 0 });
            }}
          >
            <ArrowUp aria-hidden="true" size={16} />
            {format(t.newPosts, { count: feed.fresh.length })}
          </button>
        </div>
      ) : null}

      {feed.error && !feed.posts ? (
        <Alert>
          {feed.error}{" "}
          <button type="button" className="button button--secondary button--small" onClick={feed.load}>
            {m.postView.retry}
          </button>
        </Alert>
      ) : feed.posts === null || (!aboveDrawn && !feed.error) ? (
        <>
          <span className="visually-hidden" role="status">
            {m.shellCommon.loading}
          </span>
          <FeedSkeleton layout={layout} />
        </>
      ) : feed.posts.length === 0 ? (
        <div className="empty-state" data-testid="feed-empty">
          <p>{t.empty}</p>
          <p>{t.emptyHint}</p>
          <Link to="/clubs" className="button button--primary">
            {t.browseClubs}
          </Link>
        </div>
      ) : (
        <>
          <div className={`feed feed--${layout}`} data-testid="feed" data-layout={layout}>
            {feed.posts
              .filter((post) => !deleted.has(post.id))
              .map((post) => (
                <PostCard
                  key={post.id}
                  post={post}
                  layout={layout}
                  onOpen={open}
                  onPatch={patch}
                  pending={feed.pending}
                />
              ))}
          </div>
          {feed.error ? <Alert>{feed.error}</Alert> : null}
          {feed.hasMore ? (
            <div className="feed-more">
              <button
                type="button"
                className="button button--secondary"
                onClick={feed.loadMore}
                disabled={feed.loadingMore}
              >
                {feed.loadingMore ? m.shellCommon.loading : t.loadMore}
              </button>
            </div>
          ) : null}
        </>
      )}

      {openPost ? (
        <PostModal
          post={openPost}
          isAdmin={user?.role === "admin"}
          pending={feed.pending}
          onPatch={patch}
          onClose={close}
          onDeleted={onDeleted}
          startInComment={startInComment}
        />
      ) : null}
    </div>
  );
}
