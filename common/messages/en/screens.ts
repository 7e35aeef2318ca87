/**
 * Strings of the content-first screens: the club page header, the folded club filters,
 * post cards, the owner's grouped Connections and the club form's image pickers.
 */
export const screens = {
  clubHeader: {
    member: "Member",
    chat: "Chat",
    socialLabel: "Social links",
    openSocial: "{network} (opens in a new tab)",
    logo: "{name} logo",
  },
  clubFilters: {
    filters: "Filters",
    filtersActive: "Filters ({count})",
    region: "Region",
    allRegions: "All regions",
    filterRegion: "Filter by region",
    tags: "Tags",
    active: "Active filters",
    removeFilter: "Remove filter {name}",
  },
  connections: {
    membersOf: "{count, plural, one {# member} other {# members}}",
    showMembers: "Members of {club}",
    actions: "More actions for {name} in {club}",
    cancel: "Cancel",
    confirmTitle: "Remove member",
  },
  imagePicker: {
    chooseCover: "Choose a cover image",
    changeCover: "Change cover image",
    chooseLogo: "Choose a logo",
    changeLogo: "Change logo",
    coverHint: "A wide photo works best: about 1200 × 500 pixels, without text on it.",
    logoHint: "A square picture, shown in a circle.",
    positionHint: "Move the sliders to choose which part of the cover shows.",
    choosePicture: "Choose a profile picture",
    changePicture: "Change profile picture",
    currentPicture: "Your profile picture",
    choosePhoto: "Choose a photo",
    changePhoto: "Change photo",
  },
};
