import Heart from "lucide-react/icons/heart";
import MessageCircle from "lucide-react/icons/message-circle";
import { useRef } from "react";
import type { FeedPost } from "../../../common/api/posts";
import { m } from "../../../common/messages";
import { useApi } from "../../lib/use-resource";
import { announce } from "../announcer";
import { countText } from "./post-card";
import type { PostPatch } from "./post-modal";

/**
 * The feed card's Like and Comment buttons (issue 38). Like flips at once and is undone when the
 * server refuses (spec section 4); `pending` keeps the feed's refresh off the post meanwhile.
 * Comment opens the post's dialog, where the comments are.
 */
export function CardActions({
  post,
  pending,
  onPatch,
  onComment,
}: {
  post: FeedPost;
  pending: Set<number>;
  onPatch: (id: number, patch: PostPatch) => void;
  onComment: (opener: HTMLElement) => void;
}) {
  const api = useApi();
  const busy = useRef(false);

  const toggleLike = async () => {
    if (busy.current) return;
    busy.current = true;
    pending.add(post.id);
    const before = { liked_by_me: post.liked_by_me, like_count: post.like_count };
    onPatch(post.id, (p) => ({
      liked_by_me: !p.liked_by_me,
      like_count: Math.max(0, p.like_count + (p.liked_by_me ? -1 : 1)),
    }));
    try {
      const r = await api.post<{ like_count: number; liked: boolean }>(`/api/posts/${post.id}/like`);
      onPatch(post.id, { like_count: r.like_count, liked_by_me: r.liked });
      announce(r.liked ? m.announcements.liked : m.announcements.unliked);
    } catch {
      onPatch(post.id, before);
      announce(m.postView.likeFailed);
    } finally {
      busy.current = false;
      pending.delete(post.id);
    }
  };

  return (
    <div className="feed-card__actions">
      <button
        type="button"
        className="feed-card__action"
        aria-pressed={post.liked_by_me}
        onClick={() => void toggleLike()}
        data-testid="card-like"
      >
        <Heart aria-hidden="true" size={18} fill={post.liked_by_me ? "currentColor" : "none"} />
        {countText(post.like_count, m.postView.likes)}
      </button>
      <button
        type="button"
        className="feed-card__action"
        onClick={(event) => onComment(event.currentTarget)}
        data-testid="card-comment"
      >
        <MessageCircle aria-hidden="true" size={18} />
        {countText(post.comment_count, m.postView.commentCount)}
      </button>
    </div>
  );
}
