/** The public landing page. */

export const landing = {
  title: "Find your people at school",
  heroTitle: "Find your club. Find your people.",
  heroText:
    "ClubNica brings together student clubs from Managua, León, Masaya and Granada. Browse, connect and stay up to date in one place.",
  getStarted: "Get Started",
  exploreClubs: "Explore Clubs",
  featuresTitle: "Why ClubNica",
  features: [
    { title: "Discover clubs", text: "Search clubs by name or tag and find the ones that fit you." },
    { title: "Connect", text: "Send a connection request and chat with club leaders." },
    { title: "Stay in the loop", text: "Follow posts and events from the clubs you care about." },
  ],
  topClubs: "Top clubs",
};
