/** A club's event calendar. */

export const calendar = {
  title: "{name} calendar",
  intro: "Events from this club, month by month.",
  back: "Back to the club",
  previous: "Previous month",
  next: "Next month",
  failed: "Couldn't load events",
  empty: "No events this month.",
  emptyHint: "Check the next month, or add one below.",
  addTitle: "Add an event",
  added: "Event added.",
  at: "{time}",
};
