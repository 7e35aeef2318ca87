import { Link, useRouter } from "@tanstack/react-router";
import Send from "lucide-react/icons/send";
import { type FormEvent, useState } from "react";
import type { PostComment } from "../../../common/api/comments";
import { formatDateTime, formatRelative } from "../../../common/datetime";
import { m } from "../../../common/messages";
import { useResource } from "../../lib/use-resource";
import { Avatar } from "../avatar";
import { askToConfirm } from "../confirm-host";
import { Alert } from "../form";
import { HeldNote } from "../held-note";
import { CommentActions } from "../safety/comment-actions";
import { useSession } from "../session-provider";

const t = m.postView;

/**
 * A post's comments (spec sections 5 and 8): loaded when the post opens, an empty comment is
 * ignored, a failed send keeps the text, admins can delete any comment. `onCountChange` keeps
 * the card's comment count in step.
 */
export function PostComments({
  postId,
  isAdmin,
  onCountChange,
  focusInput = false,
}: {
  postId: number;
  isAdmin: boolean;
  onCountChange: (delta: number) => void;
  /** Opened by a card's Comment button: the dialog starts in the comment box. */
  focusInput?: boolean;
}) {
  const { api } = useRouter().options.context;
  const { token, user } = useSession();
  // Comments name their authors: only signed-in readers load them.
  const list = useResource(
    ["posts", postId, "comments"],
    (a) => a.get<PostComment[]>(`/api/posts/${postId}/comments`),
    { enabled: !!token },
  );
  const comments = list.data;
  const setComments = list.setData;
  const loadError = list.error !== null;
  const load = list.reload;
  const [draft, setDraft] = useState("");
  const [sending, setSending] = useState(false);
  const [error, setError] = useState<string | null>(null);

  const send = async (event: FormEvent) => {
    event.preventDefault();
    const content = draft.trim();
    if (!content || sending) return;
    setSending(true);
    setError(null);
    try {
      const comment = await api.post<PostComment>(`/api/posts/${postId}/comments`, { json: { content } });
      setComments((list) => [...(list ?? []), comment]);
      setDraft("");
      onCountChange(1);
    } catch {
      setError(t.postFailed);
    } finally {
      setSending(false);
    }
  };

  const remove = async (comment: PostComment) => {
    if (!(await askToConfirm({ message: t.deleteCommentConfirm, confirmLabel: m.shellCommon.confirmDelete })))
      return;
    setError(null);
    try {
      await api.del(`/api/admin/comments/${comment.id}`);
      setComments((list) => (list ?? []).filter((c) => c.id !== comment.id));
      onCountChange(-1);
    } catch {
      setError(t.deleteFailed);
    }
  };

  if (!token) {
    return (
      <section className="comments" aria-labelledby={`comments-${postId}`}>
        <h3 className="comments__title" id={`comments-${postId}`}>
          {t.comments}
        </h3>
        <p className="comments__login">
          {m.postDialog.loginToComment} <Link to="/login">{m.postDialog.logIn}</Link>
        </p>
      </section>
    );
  }

  return (
    <section className="comments" aria-labelledby={`comments-${postId}`}>
      <h3 className="comments__title" id={`comments-${postId}`}>
        {t.comments}
      </h3>
      {loadError ? (
        <Alert>
          {t.loadFailed}{" "}
          <button type="button" className="button button--secondary button--small" onClick={load}>
            {t.retry}
          </button>
        </Alert>
      ) : comments === null ? (
        <div aria-busy="true">
          <div className="skeleton skeleton--line" />
          <div className="skeleton skeleton--line skeleton--short" />
        </div>
      ) : comments.length === 0 ? (
        <p className="comments__empty">{t.noComments}</p>
      ) : (
        <ul className="comments__list">
          {comments.map((comment) => (
            <li key={comment.id} className="comment" data-testid="comment">
              <div className="comment__head">
                <span className="comment__author">
                  <Avatar src={comment.author_picture_url} name={comment.author_display_name} size={24} />
                  {comment.author_display_name}
                </span>
                <time
                  className="comment__date"
                  dateTime={comment.created_at}
                  title={formatDateTime(comment.created_at)}
                >
                  {formatRelative(comment.created_at)}
                </time>
                <CommentActions
                  comment={comment}
                  myId={user?.id ?? null}
                  onDeleted={(id) => {
                    setComments((list) => (list ?? []).filter((c) => c.id !== id));
                    onCountChange(-1);
                  }}
                  onBlocked={(userId) =>
                    setComments((list) => (list ?? []).filter((c) => c.user_id !== userId))
                  }
                  extra={
                    isAdmin && comment.user_id !== user?.id
                      ? [{ label: t.deleteComment, danger: true, onSelect: () => void remove(comment) }]
                      : []
                  }
                />
              </div>
              <p className="comment__text">{comment.content}</p>
              {comment.pending_review ? <HeldNote /> : null}
            </li>
          ))}
        </ul>
      )}
      {error ? <Alert>{error}</Alert> : null}
      <form className="comments__form" onSubmit={send}>
        <label className="field__label" htmlFor={`comment-input-${postId}`}>
          {t.commentLabel}
        </label>
        <div className="comments__row">
          <textarea
            id={`comment-input-${postId}`}
            className="textarea comments__input"
            rows={2}
            maxLength={2000}
            value={draft}
            placeholder={t.commentPlaceholder}
            data-autofocus-first={focusInput || undefined}
            onChange={(event) => setDraft(event.target.value)}
          />
          <button type="submit" className="button button--primary" disabled={sending}>
            <Send aria-hidden="true" size={16} />
            {sending ? t.sending : t.send}
          </button>
        </div>
      </form>
    </section>
  );
}
