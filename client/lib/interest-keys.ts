/** Query-cache keys shared by the interests picker, the profile prompt and "Para ti". */
export const INTERESTS_KEY = ["users", "me", "interests"];
export const SUGGESTED_KEY = ["clubs", "suggested"];
