/** What /docs says about the interest calls (routes.ts): the prose, kept out of the route table. */
import { SUGGESTIONS_LIMIT } from "./suggestions";

export const interestsDocs = {
  getInterests: {
    summary: "What the signed-in person said interests them",
    description:
      'Club tags (as clubs spell them), region and school, from the "What interests you?" picker. Never saved: empty tags, nulls and updated_at null.',
  },
  saveInterests: {
    summary: "Save what interests the signed-in person",
    description:
      "JSON `{tags, region, school}`, each optional: left out keeps the saved value, null clears it (an empty body records that the picker was skipped). Every tag must be one some club uses, matched ignoring case and accents and saved as clubs spell it; otherwise 422 naming the tag's position. At most 10 tags; region one of Managua, León, Masaya, Granada; school at most 200 characters. Banned accounts get 403; muted ones may save.",
  },
  suggestedClubs: {
    summary: 'Open clubs for the signed-in person ("For you"), each with its reasons',
    description: `Open clubs sharing a saved interest tag, in the saved region, or with a member from the same school (before interests are saved, the profile's region and school). Never a club the person owns, belongs to or has a pending request with. Order: number of shared tags, region match, school match, most recent activity, then id; no other signal. Each club carries \`reasons\`, the rules that matched, in the reader's language. \`?limit=\` 1-50, default ${SUGGESTIONS_LIMIT}.`,
  },
} as const;
