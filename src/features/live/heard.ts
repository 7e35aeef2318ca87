/**
 * What a sweep of the badge and bell numbers (counts.ts) has heard from the change keys since
 * the last one: the people, clubs and requests whose numbers may have moved.
 */

/** What the change keys heard since the last sweep touched. */
export type Heard = {
  everyone: boolean;
  people: Set<number>;
  /** Clubs whose key changed for any reason (a request, the club's row, an officer...). */
  clubs: Set<number>;
  /** Clubs whose key changed only because of a chat message (the `m` marker). */
  chatClubs: Set<number>;
  /** Any connection request (every admin's numbers). */
  requests: boolean;
};

export const hearNothing = (): Heard => ({
  everyone: false,
  people: new Set(),
  clubs: new Set(),
  chatClubs: new Set(),
  requests: false,
});
