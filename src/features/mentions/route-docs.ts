/** What /docs says about the mention calls (routes.ts). */
export const mentionsDocs = {
  listMembers: {
    summary: "A club's members to @mention, matching what was typed",
    description:
      "`?q=` (at most 32 characters; empty lists the first members) matched at the start of the username, first name, last name or full name, usernames first; `?limit=` 1-20 (default 8). Never the caller, nobody on either side of a block with the caller. For the club's members, its owner and admins: others get 403 'Join this club to chat with it.', an unknown club 404, a longer `q` 422 with a `detail`. A club-chat message naming `@username` of a member gives that member a `mention` notice (and a push even when they muted the club; quiet hours hold it like any push); nobody is notified across a block.",
  },
} as const;
