import { getRouteApi, Link } from "@tanstack/react-router";
import CalendarDays from "lucide-react/icons/calendar-days";
import MapPin from "lucide-react/icons/map-pin";
import { type ReactNode, useCallback, useEffect, useRef, useState } from "react";
import type { FeedPost } from "../../../../common/api/posts";
import { formatDate, formatDateTime } from "../../../../common/datetime";
import { format, m } from "../../../../common/messages";
import { Alert, MultiLine } from "../../../components/form";
import type { PostPatch } from "../../../components/post/post-modal";
import { instagramPermalink, postHeading } from "../../../components/post/post-utils";
import { useSession } from "../../../components/session-provider";
import { wideImage } from "../../../lib/images";
import { LazyPart } from "../../../lib/lazy-parts";
import type { ClubTab } from "../-lib/club-search";
import { pollBox, postDialog } from "../-lib/lazy-parts";

const route = getRouteApi("/clubs/$clubId");
const t = m.clubPage;
const p = m.postDialog;

/**
 * The club's posts (Posts tab) and the opened post (`?post=<id>`, on any tab). Each card is a
 * link to `?tab=posts&post=<id>`: with JavaScript it opens the shared post dialog at once (the
 * URL follows with replace, and closing removes the parameter); without it, or before the page
 * has hydrated, the server shows the post's text in the page with a link to close it.
 * Likes, saves and comment counts changed in the dialog are kept here (`overrides`) until the
 * next load brings the server's numbers.
 */
export function ClubPosts({
  clubId,
  posts,
  openPost,
  showList,
  canManage = false,
}: {
  clubId: string;
  posts: FeedPost[] | null;
  openPost: FeedPost | null;
  showList: boolean;
  /** An officer with `post` deletes the club's posts from the dialog's menu, as its owner does. */
  canManage?: boolean;
}) {
  const search = route.useSearch();
  const navigate = route.useNavigate();
  const { user, ready } = useSession();
  const pending = useRef(new Set<number>()).current;
  const [openId, setOpenId] = useState<number | null>(search.post ?? null);
  const [clicked, setClicked] = useState<FeedPost | null>(null);
  const [overrides, setOverrides] = useState<Record<number, Partial<FeedPost>>>({});

  // The URL decides on load, on back/forward and after a deep link.
  useEffect(() => {
    setOpenId(search.post ?? null);
  }, [search.post]);

  const openRef = useRef(openId);
  openRef.current = openId;

  // Fresh data from the server replaces local changes, except on the open post (its data may
  // have left before its view, like or comment landed) and reactions still in flight.
  useEffect(() => {
    if (!posts && !openPost) return;
    setOverrides((prev) => {
      const kept = Object.entries(prev).filter(
        ([id]) => pending.has(Number(id)) || Number(id) === openRef.current,
      );
      return kept.length === Object.keys(prev).length ? prev : Object.fromEntries(kept);
    });
  }, [posts, openPost, pending]);

  const base = (id: number): FeedPost | null =>
    posts?.find((post) => post.id === id) ??
    (openPost?.id === id ? openPost : null) ??
    (clicked?.id === id ? clicked : null);
  const baseRef = useRef(base);
  baseRef.current = base;

  const patch = useCallback((id: number, change: PostPatch) => {
    setOverrides((prev) => {
      const found = baseRef.current(id);
      if (!found) return prev;
      const next = typeof change === "function" ? change({ ...found, ...prev[id] }) : change;
      return { ...prev, [id]: { ...prev[id], ...next } };
    });
  }, []);

  const close = useCallback(() => {
    const id = openId;
    setOpenId(null);
    void navigate({
      search: (prev) => ({ ...prev, post: undefined }),
      replace: true,
      resetScroll: false,
    });
    // The dialog gives focus back to the card that opened it; after a deep link nothing did,
    // so the post's card takes it when it is on the page.
    requestAnimationFrame(() => {
      if (document.activeElement && document.activeElement !== document.body) return;
      document.querySelector<HTMLElement>(`[data-post-link="${id}"]`)?.focus();
    });
  }, [navigate, openId]);

  // Posts deleted from their ⋯ menu leave the list at once; the next load agrees.
  const [deleted, setDeleted] = useState<ReadonlySet<number>>(new Set());
  const found = openId === null ? null : base(openId);
  const shown = found && openId !== null ? { ...found, ...overrides[openId] } : null;
  const closeSearch = { tab: search.tab, post: undefined };

  return (
    <>
      {openId !== null && !shown ? (
        <Alert>
          {p.notFound}{" "}
          <Link to="/clubs/$clubId" params={{ clubId }} search={closeSearch} onClick={() => setOpenId(null)}>
            {p.close}
          </Link>
        </Alert>
      ) : null}
      {shown && !ready ? <InlinePost post={shown} clubId={clubId} closeSearch={closeSearch} /> : null}
      {shown && ready ? (
        // The dialog's code loads the first time a post opens: the post stays in the page meanwhile.
        <LazyPart
          parts={postDialog}
          fallback={<InlinePost post={shown} clubId={clubId} closeSearch={closeSearch} />}
        >
          {({ PostModal }) => (
            <PostModal
              post={shown}
              isAdmin={user?.role === "admin"}
              canManage={canManage}
              pending={pending}
              onPatch={patch}
              onClose={close}
              onDeleted={(id) => {
                setDeleted((ids) => new Set([...ids, id]));
                close();
              }}
            />
          )}
        </LazyPart>
      ) : null}
      {showList ? (
        <PostList
          clubId={clubId}
          posts={posts?.filter((post) => !deleted.has(post.id)) ?? null}
          onOpen={(post) => {
            setClicked(post);
            setOpenId(post.id);
          }}
        />
      ) : null}
    </>
  );
}

function PostList({
  clubId,
  posts,
  onOpen,
}: {
  clubId: string;
  posts: FeedPost[] | null;
  onOpen: (post: FeedPost) => void;
}) {
  if (!posts) return <p>{m.shellCommon.loading}</p>;
  if (posts.length === 0) return <p className="empty-state">{t.noPosts}</p>;
  // The card's one control: its title (or text), a link stretched over the card, so its name
  // ("Open post: …") contains what it shows.
  const openLink = (post: FeedPost, cls: string, children: ReactNode) => (
    <Link
      to="/clubs/$clubId"
      params={{ clubId }}
      search={{ tab: "posts", post: post.id }}
      replace
      resetScroll={false}
      className={`${cls} stretched-control`}
      data-post-link={post.id}
      aria-label={format(p.open, { title: postHeading(post) })}
      onClick={(event) => {
        // A click that opens a new tab or window leaves this page alone.
        if (event.metaKey || event.ctrlKey || event.shiftKey || event.button !== 0) return;
        onOpen(post);
      }}
    >
      {children}
    </Link>
  );
  return (
    <ul className="post-list">
      {posts.map((post) => (
        <li key={post.id} className="post-card" data-testid="club-post">
          <div className="post-card__open">
            {post.image_url ? (
              <img
                className="post-card__image"
                {...wideImage(post.thumbnail_url || post.image_url, "(min-width: 720px) 360px, 100vw")}
                alt=""
                width={640}
                height={360}
                loading="lazy"
                decoding="async"
              />
            ) : null}
            <span className="post-card__body">
              {post.is_event ? (
                <span className="post-card__event">
                  <CalendarDays aria-hidden="true" size={16} />
                  {t.event}: {formatDateTime(post.event_date)}
                  {post.event_location ? ` · ${post.event_location}` : ""}
                </span>
              ) : null}
              {post.title ? openLink(post, "post-card__title", post.title) : null}
              {post.short_description || post.content ? (
                post.title ? (
                  <span className="post-card__text">{post.short_description || post.content}</span>
                ) : (
                  openLink(post, "post-card__text", post.short_description || post.content)
                )
              ) : null}
              <span className="post-card__date">
                {format(t.postedOn, { date: formatDate(post.created_at) })}
              </span>
            </span>
          </div>
          {post.poll_id ? <ClubPoll pollId={post.poll_id} /> : null}
        </li>
      ))}
    </ul>
  );
}

/**
 * A post's poll: loaded in the browser once the page has hydrated (its results are never in the
 * HTML; the box draws nothing until they arrive), so its code stays out of the first download.
 */
function ClubPoll({ pollId }: { pollId: number }) {
  const { ready } = useSession();
  if (!ready) return null;
  return <LazyPart parts={pollBox}>{({ PollBox }) => <PollBox pollId={pollId} />}</LazyPart>;
}

/** The opened post in the page, for readers without JavaScript (and until the dialog loads). */
function InlinePost({
  post,
  clubId,
  closeSearch,
}: {
  post: FeedPost;
  clubId: string;
  closeSearch: { tab?: ClubTab; post: undefined };
}) {
  const heading = postHeading(post);
  const instagram = instagramPermalink(post.instagram_url);
  const image = post.image_url ? (
    <img
      className="post-view__image"
      {...wideImage(post.image_url, "(min-width: 840px) 800px, 100vw")}
      alt={format(m.postView.imageAlt, { title: heading })}
      width={800}
      height={600}
    />
  ) : null;
  return (
    <article className="post-inline" aria-labelledby="post-inline-title" data-testid="post-inline">
      <p className="post-card__date">{format(t.postedOn, { date: formatDate(post.created_at) })}</p>
      <h2 className="post-view__title" id="post-inline-title">
        {heading}
      </h2>
      {post.is_event ? (
        <p className="post-card__event">
          <CalendarDays aria-hidden="true" size={16} />
          {formatDateTime(post.event_date)}
          {post.event_location ? (
            <>
              <MapPin aria-hidden="true" size={16} />
              {post.event_location}
            </>
          ) : null}
        </p>
      ) : null}
      {post.display_image_first ? image : null}
      {post.short_description && post.short_description !== heading ? (
        <p className="post-view__lead">{post.short_description}</p>
      ) : null}
      {post.content ? (
        <div className="post-view__content">
          <MultiLine text={post.content} />
        </div>
      ) : null}
      {post.display_image_first ? null : image}
      {instagram ? (
        <p>
          <a href={instagram} target="_blank" rel="noopener noreferrer">
            {m.postView.instagramLink}
          </a>
        </p>
      ) : null}
      <Link
        to="/clubs/$clubId"
        params={{ clubId }}
        search={closeSearch}
        className="button button--secondary post-inline__close"
      >
        {p.close}
      </Link>
    </article>
  );
}
