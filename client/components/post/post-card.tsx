import CalendarDays from "lucide-react/icons/calendar-days";
import MapPin from "lucide-react/icons/map-pin";
import type { FeedPost } from "../../../common/api/posts";
import { formatDate, formatDateTime } from "../../../common/datetime";
import { format, m } from "../../../common/messages";
import { wideImage } from "../../lib/images";
import { Avatar } from "../avatar";
import { HeldNote } from "../held-note";
import { CardActions } from "./card-actions";
import { EventRsvp } from "./event-rsvp";
import { PollBox } from "./poll-box";
import type { PostPatch } from "./post-modal";
import { postHeading } from "./post-utils";

/** A count with its noun, through the catalogue's plural form ("1 me gusta", "3 comentarios"). */
export function countText(count: number, template: string): string {
  return format(template, { count });
}

// Grid cards are at least 260 px wide (content.css); list images are 240 px beside the text from 640 px.
const GRID_SIZES = "(min-width: 600px) 360px, 100vw";
const LIST_SIZES = "(min-width: 640px) 240px, 100vw";

/**
 * One post in the feed, picture first (design brief): the post's picture (else the club's
 * cover), the club's picture and name on one line, the title (a button stretched over the card that opens the post), then Like and Comment as
 * their own buttons when the feed gives `pending` (issue 38).
 */
export function PostCard({
  post,
  layout,
  onOpen,
  onPatch,
  pending,
}: {
  post: FeedPost;
  layout: "grid" | "list";
  /** `intent` "comment": the Comment button, so the post opens at its comment box. */
  onOpen: (post: FeedPost, opener: HTMLElement, intent?: "comment") => void;
  /** Given, an event's card also takes Going / Not going (outside the open button). */
  onPatch?: (id: number, patch: PostPatch) => void;
  /** Given with `onPatch`, the card takes Like and Comment. */
  pending?: Set<number>;
}) {
  const heading = postHeading(post);
  const image = post.thumbnail_url || post.image_url || post.club_cover_url;
  const text = post.title ? post.short_description || post.content : post.content;
  return (
    <article
      className={`feed-card feed-card--${layout}${onPatch && post.is_event ? " feed-card--event" : ""}`}
      data-testid="feed-card"
      data-post-id={post.id}
    >
      {/* The card's parts are plain content; its one control is the title, stretched over the
          card (a bigger target), so the button's name is what it shows. */}
      <div className="feed-card__open">
        {image ? (
          <img
            className="feed-card__image"
            {...wideImage(image, layout === "grid" ? GRID_SIZES : LIST_SIZES)}
            alt=""
            width={400}
            height={225}
            loading="lazy"
            decoding="async"
          />
        ) : null}
        <span className="feed-card__club">
          <Avatar src={post.club_image_url} name={post.club_name} size={28} />
          {post.club_name}
        </span>
        <span className="feed-card__body">
          {post.is_event ? (
            <span className="feed-card__event">
              <CalendarDays aria-hidden="true" size={16} />
              {formatDateTime(post.event_date)}
              {post.event_location ? (
                <>
                  <MapPin aria-hidden="true" size={16} />
                  {post.event_location}
                </>
              ) : null}
            </span>
          ) : null}
          <button
            type="button"
            className="feed-card__title stretched-control"
            onClick={(event) => onOpen(post, event.currentTarget)}
            aria-label={format(m.feedPage.open, { title: heading })}
          >
            {heading}
          </button>
          {text && text !== heading ? <span className="feed-card__text">{text}</span> : null}
          {post.pending_review ? <HeldNote as="span" /> : null}
          <span className="feed-card__meta">
            {onPatch && pending ? null : (
              <>
                <span className="feed-card__stat">{countText(post.like_count, m.postView.likes)}</span>
                <span className="feed-card__stat">
                  {countText(post.comment_count, m.postView.commentCount)}
                </span>
              </>
            )}
            <span className="feed-card__date">{formatDate(post.created_at)}</span>
          </span>
        </span>
      </div>
      {onPatch && post.is_event ? <EventRsvp post={post} onPatch={onPatch} compact /> : null}
      {post.poll_id ? <PollBox pollId={post.poll_id} /> : null}
      {onPatch && pending ? (
        <CardActions
          post={post}
          pending={pending}
          onPatch={onPatch}
          onComment={(opener) => onOpen(post, opener, "comment")}
        />
      ) : null}
    </article>
  );
}

/** Grey cards in the feed's shape while it loads. */
export function FeedSkeleton({ layout, count = 6 }: { layout: "grid" | "list"; count?: number }) {
  return (
    <div className={`feed feed--${layout}`} aria-hidden="true" data-testid="feed-skeleton">
      {Array.from({ length: count }, (_, i) => (
        // biome-ignore lint/suspicious/noArrayIndexKey: static placeholders
        <div key={i} className={`feed-card feed-card--${layout} feed-card--skeleton`}>
          <div className="skeleton skeleton--image" />
          <div className="feed-card__body">
            <div className="skeleton skeleton--line skeleton--short" />
            <div className="skeleton skeleton--line" />
            <div className="skeleton skeleton--line" />
          </div>
        </div>
      ))}
    </div>
  );
}
