/** The installable app (offline page), shared-link previews and the phone-friendly upload widget. */
export const appShell = {
  offline: {
    title: "You are offline",
    text: "ClubNica needs a connection for this page. Check your mobile data or Wi-Fi and try again.",
    retry: "Try again",
  },
  share: {
    clubsDescription: "Browse student clubs in Managua, León, Masaya and Granada and find one to join.",
  },
  upload: {
    tooLarge: "This image is {size} MB; images can be at most {max} MB. Choose a smaller photo.",
    wrongType: "Choose a PNG, JPG or JPEG image.",
    wrongTypeOrWebp: "Choose a PNG, JPG, JPEG or WebP image.",
    preparing: "Preparing the photo…",
    uploading: "Uploading… {percent}%",
    progressLabel: "Upload progress",
  },
};
