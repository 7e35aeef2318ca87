/** The owners' recruiting page. */

export const recruitingPage = {
  title: "Recruiting",
  intro: "Your recruiting dashboard is on its way.",
  cardTitle: "Coming soon",
  cardText:
    "Soon you'll see who is interested in your clubs, track connection requests over time and plan recruiting events here. Meanwhile, keep your clubs' pages fresh and answer requests quickly.",
  yourClubs: "Your clubs",
  noClubs: "You don't own any clubs yet.",
  createClub: "+ Create Club",
  requests: "Review connection requests",
  failedLoad: "Failed to load clubs",
};
