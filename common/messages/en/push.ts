/** Web Push: API details, the pushes themselves and the screens that turn them on. */
export const push = {
  badEndpoint: "The push endpoint must be an https address.",
  privateEndpoint: "This push endpoint is not on a public address, so ClubNica will not send to it.",
  unresolvedEndpoint: "The push endpoint's host name could not be found.",
  endpointTaken:
    "This push endpoint belongs to another account. Turn push off and on again in this browser to get a new one.",
  badKeys: "The subscription's keys are missing or not valid (p256dh and auth, base64url).",
  badP256dh: "The p256dh key must be an uncompressed P-256 public key (65 bytes).",
  badAuth: "The auth secret must be 16 bytes.",
  summaryTitle: "{count, plural, one {# notification} other {# notifications}} while you rested",
  summaryMore: "and {count, plural, one {# more} other {# more}}",
  requestAccepted: "You're in! {club} accepted your request.",
  requestAcceptedBody: "Open the club to see its posts and chat.",
  requestDeclined: "{club} declined your request",
  requestDeclinedBody: "You can look for other clubs that match your interests.",
};

export const pushUi = {
  title: "Push notifications",
  explainTitle: "Get notified on this device?",
  explain:
    "ClubNica can tell you when a club accepts you, a new event is posted or someone writes to you, even when the app is closed. You can turn this off any time in Settings.",
  allow: "Turn on notifications",
  notNow: "Not now",
  on: "Push notifications are on for this device.",
  off: "Push notifications are off for this device.",
  turnOn: "Turn on push",
  turnOff: "Turn off push",
  unsupported: "This browser can't receive push notifications.",
  denied: "Notifications are blocked for ClubNica in this browser's settings.",
  failed: "Couldn't change push notifications. Try again.",
  working: "Saving…",
  quietTitle: "Quiet hours",
  quietHint:
    "Pushes that arrive in these hours (Nicaragua time) wait and come together in one summary when they end.",
  quietOn: "Hold pushes during quiet hours",
  quietStart: "From",
  quietEnd: "Until",
  quietSave: "Save quiet hours",
  quietSaved: "Quiet hours saved.",
  settingsLink: "Notifications and quiet hours",
  pageTitle: "Notifications",
};

export const quietHours = {
  invalid: 'Quiet hours must be null or an object with "start" and "end" as HH:MM, two different times.',
};
