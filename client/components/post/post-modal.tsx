import { Link, useRouter } from "@tanstack/react-router";
import Bookmark from "lucide-react/icons/bookmark";
import CalendarDays from "lucide-react/icons/calendar-days";
import Eye from "lucide-react/icons/eye";
import Heart from "lucide-react/icons/heart";
import MapPin from "lucide-react/icons/map-pin";
import { useEffect, useRef, useState } from "react";
import type { FeedPost } from "../../../common/api/posts";
import { formatDate, formatDateTime } from "../../../common/datetime";
import { format, m } from "../../../common/messages";
import { avatarImage, wideImage } from "../../lib/images";
import { Alert } from "../form";
import { HeldNote } from "../held-note";
import { LiveRegion } from "../live-region";
import { ThingMenu } from "../safety/thing-menu";
import { useSession } from "../session-provider";
import { Dialog } from "./dialog";
import { EventRsvp } from "./event-rsvp";
import { InstagramEmbed } from "./instagram-embed";
import { PollBox } from "./poll-box";
import { countText } from "./post-card";
import { PostComments } from "./post-comments";
import { claimView, postHeading } from "./post-utils";

const t = m.postView;

export type PostPatch = Partial<FeedPost> | ((post: FeedPost) => Partial<FeedPost>);

function sessionStore(): Storage | null {
  try {
    return window.sessionStorage;
  } catch {
    return null;
  }
}

/**
 * The opened post. It shows the post the feed holds (so a refresh updates it in place), and
 * writes every change back through `onPatch`: like and save flip at once and are undone when
 * the server refuses; `pending` tells the feed's refresh to leave those fields alone meanwhile.
 */
export function PostModal({
  post,
  isAdmin,
  pending,
  onPatch,
  onClose,
  onDeleted,
  startInComment = false,
  canManage = false,
}: {
  post: FeedPost;
  isAdmin: boolean;
  /** The viewer may edit and delete this club's posts (an officer with `post`; the club page knows). */
  canManage?: boolean;
  pending: Set<number>;
  onPatch: (id: number, patch: PostPatch) => void;
  onClose: () => void;
  /** Given where the list can drop a deleted post: the ⋯ menu then offers Delete to its editors. */
  onDeleted?: (id: number) => void;
  /** Opened by a card's Comment button: focus starts in the comment box, not on Close. */
  startInComment?: boolean;
}) {
  const { api } = useRouter().options.context;
  const { token, user } = useSession();
  const [error, setError] = useState<string | null>(null);
  const [askLogin, setAskLogin] = useState(false);
  // The modal makes the page's own live region inert, so the dialog has its own.
  const [said, setSaid] = useState("");
  const inFlight = useRef({ like: false, favorite: false });
  const headingId = `post-dialog-title-${post.id}`;

  useEffect(() => {
    // Only signed-in views are counted (the call needs a token).
    if (!token || !claimView(post.id, sessionStore())) return;
    api
      .post<{ views: number }>(`/api/posts/${post.id}/view`)
      .then((r) => onPatch(post.id, { views: r.views }))
      .catch(() => {
        // A lost view is not worth bothering the reader about.
      });
  }, [api, post.id, onPatch, token]);

  const toggle = async (kind: "like" | "favorite") => {
    // Guests read; reacting needs an account.
    if (!token) {
      setAskLogin(true);
      return;
    }
    if (inFlight.current[kind]) return;
    inFlight.current[kind] = true;
    pending.add(post.id);
    setError(null);
    const before =
      kind === "like"
        ? { liked_by_me: post.liked_by_me, like_count: post.like_count }
        : { favorited_by_me: post.favorited_by_me, favorite_count: post.favorite_count };
    onPatch(post.id, (p) =>
      kind === "like"
        ? { liked_by_me: !p.liked_by_me, like_count: Math.max(0, p.like_count + (p.liked_by_me ? -1 : 1)) }
        : {
            favorited_by_me: !p.favorited_by_me,
            favorite_count: Math.max(0, p.favorite_count + (p.favorited_by_me ? -1 : 1)),
          },
    );
    try {
      if (kind === "like") {
        const r = await api.post<{ like_count: number; liked: boolean }>(`/api/posts/${post.id}/like`);
        onPatch(post.id, { like_count: r.like_count, liked_by_me: r.liked });
        setSaid(r.liked ? m.announcements.liked : m.announcements.unliked);
      } else {
        const r = await api.post<{ favorite_count: number; favorited: boolean }>(
          `/api/posts/${post.id}/favorite`,
        );
        onPatch(post.id, { favorite_count: r.favorite_count, favorited_by_me: r.favorited });
      }
    } catch {
      onPatch(post.id, before);
      setError(kind === "like" ? t.likeFailed : t.favoriteFailed);
    } finally {
      inFlight.current[kind] = false;
      if (!inFlight.current.like && !inFlight.current.favorite) pending.delete(post.id);
    }
  };

  const heading = postHeading(post);
  const images = post.media.length
    ? post.media.map((item) => item.url)
    : post.image_url
      ? [post.image_url]
      : [];
  const imageBlock = images.length ? (
    <div className="post-view__images">
      {images.map((src, index) => (
        <img
          key={src}
          className="post-view__image"
          {...wideImage(src, "(min-width: 840px) 800px, 100vw")}
          alt={format(t.imageAlt, { title: heading })}
          width={800}
          height={600}
          loading={index === 0 ? "eager" : "lazy"}
          decoding="async"
        />
      ))}
    </div>
  ) : null;
  const showLead = post.short_description && post.short_description !== heading;

  return (
    <Dialog labelledBy={headingId} closeLabel={t.close} onClose={onClose} className="post-dialog">
      <article className="post-view" data-testid="post-dialog">
        <header className="post-view__header">
          <Link to="/clubs/$clubId" params={{ clubId: String(post.club_id) }} className="post-view__club">
            {post.club_image_url ? (
              <img
                {...avatarImage(post.club_image_url, 40)}
                alt=""
                width={40}
                height={40}
                className="post-view__avatar"
              />
            ) : null}
            {post.club_name}
          </Link>
          <time className="post-view__date" dateTime={post.created_at}>
            {format(t.postedOn, { date: formatDate(post.created_at) })}
          </time>
        </header>
        <h2 className="post-view__title" id={headingId}>
          {heading}
        </h2>
        {post.is_event ? (
          <dl className="post-view__event" data-testid="event-details">
            <div>
              <dt>
                <CalendarDays aria-hidden="true" size={16} />
                {t.eventDate}
              </dt>
              <dd>{formatDateTime(post.event_date)}</dd>
            </div>
            {post.event_location ? (
              <div>
                <dt>
                  <MapPin aria-hidden="true" size={16} />
                  {t.eventLocation}
                </dt>
                <dd>{post.event_location}</dd>
              </div>
            ) : null}
          </dl>
        ) : null}
        <EventRsvp post={post} onPatch={onPatch} />
        {post.poll_id ? <PollBox pollId={post.poll_id} /> : null}
        {post.display_image_first ? imageBlock : null}
        {showLead ? <p className="post-view__lead">{post.short_description}</p> : null}
        {post.content ? <p className="post-view__content">{post.content}</p> : null}
        {post.pending_review ? <HeldNote /> : null}
        {post.display_image_first ? null : imageBlock}
        <InstagramEmbed url={post.instagram_url} />
        <div className="post-view__actions">
          <LiveRegion message={said} testId="post-announcer" />
          <button
            type="button"
            className="button button--secondary reaction"
            aria-pressed={post.liked_by_me}
            onClick={() => toggle("like")}
            data-testid="like-button"
          >
            <Heart aria-hidden="true" size={18} fill={post.liked_by_me ? "currentColor" : "none"} />
            {post.liked_by_me ? t.unlike : t.like}
            <span className="reaction__count" data-testid="like-count">
              {countText(post.like_count, t.likes)}
            </span>
          </button>
          <button
            type="button"
            className="button button--secondary reaction"
            aria-pressed={post.favorited_by_me}
            onClick={() => toggle("favorite")}
          >
            <Bookmark aria-hidden="true" size={18} fill={post.favorited_by_me ? "currentColor" : "none"} />
            {post.favorited_by_me ? t.unfavorite : t.favorite}
            <span className="reaction__count">{post.favorite_count}</span>
          </button>
          <span className="post-view__views" data-testid="view-count">
            <Eye aria-hidden="true" size={16} />
            {countText(post.views, t.views)}
          </span>
          <ThingMenu
            type="post"
            id={post.id}
            author={null}
            myId={user?.id ?? null}
            own={post.can_edit || isAdmin || canManage}
            deleteLabel={t.deletePost}
            deleteConfirm={t.deletePostConfirm}
            onDelete={
              onDeleted
                ? async () => {
                    await api.del(`/api/posts/${post.id}`);
                    onDeleted(post.id);
                  }
                : undefined
            }
          />
        </div>
        {error ? <Alert>{error}</Alert> : null}
        {askLogin ? (
          <Alert kind="info">
            {m.postDialog.loginToReact} <Link to="/login">{m.postDialog.logIn}</Link>
          </Alert>
        ) : null}
        <PostComments
          postId={post.id}
          isAdmin={isAdmin}
          focusInput={startInComment}
          onCountChange={(delta) =>
            onPatch(post.id, (p) => ({ comment_count: Math.max(0, p.comment_count + delta) }))
          }
        />
      </article>
    </Dialog>
  );
}
