/** The app shell: page titles, navigation, shared widgets (loading, retry, lists) and paging. */

export const meta = {
  title: "ClubNica",
  titleSuffix: " · ClubNica",
  description: "Discover and join student clubs in Nicaragua.",
};

export const nav = {
  logo: "ClubNica",
  home: "Home",
  clubs: "Clubs",
  myClubs: "My Clubs",
  events: "Events",
  connections: "Connections",
  greeting: "Hi, {username}",
  logOut: "Log out",
  logIn: "Log in",
  signUp: "Sign up",
  menu: "Menu",
  closeMenu: "Close menu",
  mainNav: "Main",
  skipToContent: "Skip to content",
  unread: "{count, plural, one {# unread} other {# unread}}",
  /** What the menu's number counts (its accessible name and tooltip): the parts are below. */
  badgeWaiting: "{count, plural, one {# waiting for you} other {# waiting for you}}: {parts}",
  badgeMessages: "{count, plural, one {# unread message} other {# unread messages}}",
  badgeRequests: "{count, plural, one {# join request to answer} other {# join requests to answer}}",
  badgeUpdates:
    "{count, plural, one {# update on your requests, events or reports} other {# updates on your requests, events or reports}}",
  /** The short visible label beside the number in the open menu. */
  badgeShort: "waiting",
};

export const shellCommon = {
  loading: "Loading…",
  retry: "Try again",
  back: "Back",
  errorPrefix: "Error: {message}",
  somethingWrong: "Something went wrong",
  requiredMark: "(required)",
  errorSummary: "There is a problem",
  members: "{count, plural, one {# member} other {# members}}",
  comingSoon: "This page is on its way.",
  confirmTitle: "Are you sure?",
  confirmCancel: "Cancel",
  confirmProceed: "Yes, continue",
  confirmDelete: "Delete",
  confirmLeave: "Leave without saving",
  moreActions: "More actions",
};

export const listCommon = {
  you: "You",
  showMore: "Show more",
  showLess: "Show less",
  retry: "Try again",
  unread: "{count, plural, one {# unread} other {# unread}}",
  noMessagesYet: "No messages yet",
  lastPhoto: "📷 Photo",
  lastDeleted: "Message deleted",
  youPrefix: "You: ",
};

export const paging = {
  label: "Pages",
  previous: "Previous",
  next: "Next",
  pageOf: "Page {page} of {pages}",
};
