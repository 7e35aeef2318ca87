import { Link } from "@tanstack/react-router";
import CalendarDays from "lucide-react/icons/calendar-days";
import MapPin from "lucide-react/icons/map-pin";
import type { ReactNode } from "react";
import type { FeedPost } from "../../../../common/api/posts";
import { formatDate, formatDateTime } from "../../../../common/datetime";
import { format, m } from "../../../../common/messages";
import { MultiLine } from "../../../components/form";
import { instagramPermalink, postHeading } from "../../../components/post/post-utils";
import { useSession } from "../../../components/session-provider";
import { wideImage } from "../../../lib/images";
import { LazyPart } from "../../../lib/lazy-parts";
import type { ClubTab } from "../-lib/club-search";
import { pollBox } from "../-lib/lazy-parts";

const t = m.clubPage;
const p = m.postDialog;

/** The Posts tab's cards (each a link that opens the post), a poll's box, and a post opened without JavaScript. */
export function PostList({
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
export function InlinePost({
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
