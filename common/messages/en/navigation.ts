/** Phone navigation (the bottom tab bar), the chat inbox and what the live region announces. */

export const tabBar = {
  label: "Sections",
  home: "Home",
  clubs: "Clubs",
  chats: "Chats",
  profile: "Profile",
};

export const inboxPage = {
  title: "Chats",
  intro: "Your club chats and direct messages, newest first.",
  findClubs: "Find clubs",
};

export const announcements = {
  liked: "Liked",
  unliked: "Like removed",
  clubSaved: "Club saved.",
};
