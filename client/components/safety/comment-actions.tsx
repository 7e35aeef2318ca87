import type { PostComment } from "../../../common/api/comments";
import { m } from "../../../common/messages";
import { useApi } from "../../lib/use-resource";
import type { MenuAction } from "../action-menu";
import { ThingMenu } from "./thing-menu";

const t = m.safetyPage;

/**
 * A comment's "⋯" menu: Report and Block on someone else's (no Block for a deleted author),
 * Delete on the user's own, and an admin's delete (`extra`) on anyone's.
 */
export function CommentActions({
  comment,
  myId,
  onDeleted,
  onBlocked,
  extra,
}: {
  comment: PostComment;
  myId: number | null;
  onDeleted: (id: number) => void;
  onBlocked: (userId: number) => void;
  extra?: MenuAction[];
}) {
  const api = useApi();
  return (
    <ThingMenu
      type="comment"
      id={comment.id}
      author={comment.user_id === null ? null : { id: comment.user_id, name: comment.author_display_name }}
      myId={myId}
      onBlocked={onBlocked}
      deleteLabel={t.deleteComment}
      deleteConfirm={t.deleteCommentConfirm}
      onDelete={async () => {
        await api.del(`/api/comments/${comment.id}`);
        onDeleted(comment.id);
      }}
      extra={extra}
    />
  );
}
