/** "What interests you?" (issue 34) and the club suggestions built from it. */
export const interests = {
  unknownTag: 'No club uses the tag "{tag}". Pick one of the tags clubs use.',
  tooManyTags: "Pick at most {max, plural, one {# tag} other {# tags}}.",
  schoolTooLong:
    "The school name is too long (at most {max, plural, one {# character} other {# characters}}).",
  reasonTag: "Because you're interested in {tag}",
  reasonRegion: "In {region}",
  reasonSchool: "Students from your school",
};

export const interestsPage = {
  title: "What interests you?",
  intro: "Pick what you like and we'll suggest clubs for you. You can change it any time.",
  tagsLegend: "Topics",
  noTags: "There are no club topics yet.",
  region: "Region",
  anyRegion: "Any region",
  school: "School",
  save: "Save",
  saving: "Saving…",
  skip: "Not now",
  failed: "Could not save your interests",
  loadFailed: "Could not load your interests",
  saved: "Your interests were saved.",
  promptTitle: "What interests you?",
  promptText: "Tell us what you like and we'll suggest clubs for you.",
  promptAction: "Choose interests",
  editLink: "Edit my interests",
};

export const suggestions = {
  title: "For you",
  intro: "Clubs chosen by what you told us: the reason is under each one.",
  reasonsLabel: "Why this club",
  none: "No open clubs match your interests yet.",
  pickInterests: "Choose interests",
  editInterests: "Edit interests",
  failed: "Could not load clubs for you",
  pageIntro: "Clubs and events picked for you, those in your region first. The reason is under each club.",
  eventsTitle: "Events near you",
  eventsIn: "Upcoming events in {region}.",
  eventsSoon: "Upcoming events of every club.",
  eventsNone: "No upcoming events near you yet.",
  eventsFailed: "Could not load the events",
  allEvents: "See all events",
  allClubs: "See all clubs",
  emptyInstallTitle: "There are no clubs yet",
  emptyInstallAdmin: "Create the first club with + Create Club; students will find it here.",
  emptyInstallMember: "Clubs will appear here as soon as the first one is created.",
  emptyInstallSeed: "In development, run bun run seed to add demo clubs.",
};
