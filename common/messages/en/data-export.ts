/** "Download my data": the profile's section, the API's answers and the note inside the file. */
export const dataExport = {
  title: "Download my data",
  help: "A ZIP file with everything ClubNica keeps about you: your profile, clubs and requests, your posts and comments, the messages you sent, your event answers, the reports you made, your settings and your pictures. It never holds anyone else's messages or e-mail address.",
  request: "Prepare my file",
  requestAgain: "Prepare a new file",
  preparing: "We're preparing your file. It can take a minute; this section updates by itself.",
  ready: "Your file is ready. You can download it until {until}.",
  download: "Download my data",
  downloading: "Downloading…",
  downloaded: "Your file was downloaded.",
  failedLoad: "Couldn't load your data download.",
  failedRequest: "Couldn't ask for your file.",
  failedDownload: "Couldn't download your file.",
  tooMany: "You have asked for your data too many times today. Try again tomorrow.",
  notReady: "You have no file ready. Ask for one from your profile.",
  stillPreparing: "Your file is still being prepared. Try again in a minute.",
  expired: "This download has expired (files are kept for 7 days). Ask for a new one from your profile.",
  fileNote:
    "Everything ClubNica keeps about you. Not included: other people's messages and e-mail addresses, reports about you, your password (kept in a form nobody can read) and the secret address of your calendar feed.",
};
