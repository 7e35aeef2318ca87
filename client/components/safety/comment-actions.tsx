import type { PostComment } from "../../../common/api/comments";
import { m } from "../../../common/messages";
import { useApi } from "../../lib/use-resource";
import { BlockPersonButton } from "./block-person-button";
import { DeleteOwnButton } from "./delete-own-button";

const t = m.safetyPage;

/** Beside a comment: Delete on the user's own, Block on someone else's (not a deleted author). */
export function CommentActions({
  comment,
  myId,
  onDeleted,
  onBlocked,
}: {
  comment: PostComment;
  myId: number | null;
  onDeleted: (id: number) => void;
  onBlocked: (userId: number) => void;
}) {
  const api = useApi();
  if (myId === null || comment.user_id === null) return null;
  if (comment.user_id === myId) {
    return (
      <DeleteOwnButton
        label={t.deleteComment}
        confirmText={t.deleteCommentConfirm}
        className="icon-button comment__delete"
        onDelete={async () => {
          await api.del(`/api/comments/${comment.id}`);
          onDeleted(comment.id);
        }}
      />
    );
  }
  return (
    <BlockPersonButton userId={comment.user_id} name={comment.author_display_name} onBlocked={onBlocked} />
  );
}
