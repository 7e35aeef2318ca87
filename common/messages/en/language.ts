export const language = {
  label: "Language",
  switchTo: "Change the language",
  names: { es: "Español", en: "English" },
  invalid: "Language must be es or en.",
  saveFailed: "Could not save your language. Try again.",
  profileHint: "Pages, e-mails and messages use this language on every device you sign in on.",
};
