/** What /docs says about the comment calls (routes.ts): the prose, kept out of the route table. */

export const commentsDocs = {
  listComments: {
    summary: "A post's comments, oldest first",
    description:
      'author_display_name is the author\'s first and last name, else the username ("Deleted user" when the account is gone). Comments by people the caller blocked are left out (comment_count still counts them). Paging: `?limit=` (default 100, max 100) and `?offset=`. Unknown post: 404.',
  },
  addComment: {
    summary: "Comment on a post (JSON {content})",
    description:
      "content is trimmed; empty gives 422 and nothing is stored; at most 2000 characters. A muted user gets 403. Limited per account (RATE_COMMENTS_PER_ACCOUNT, default 10 a minute) and per client address (RATE_COMMENTS_PER_ADDRESS, default 300 a minute): past either 429 with Retry-After. Returns the comment.",
  },
  adminDeleteComment: {
    summary: "Delete any comment (admin)",
    description: "Decrements the post's comment_count and records comment.delete in the audit log. 204; 404.",
  },
  deleteComment: {
    summary: "Delete a comment (its author; admins too)",
    description:
      "The author deletes their own comment; anyone else gets 403, except an admin (then audited as comment.delete). 204; 404.",
  },
} as const;
