import type { en } from "../en";
import { accounts, profileCreatePage } from "./accounts";
import { admin, adminPages, adminPanel } from "./admin";
import { appShell } from "./app-shell";
import { auth, forgotPage, loginPage, resetPage, signupPage } from "./auth";
import { avisos } from "./avisos";
import { calendar } from "./calendar";
import { chat, chatPage } from "./chat";
import { mentions, readState } from "./chat-mentions";
import { chatPhotos } from "./chat-photos";
import { chatPins } from "./chat-pins";
import { checkIns } from "./check-ins";
import { clubForm } from "./club-form";
import { clubPage, clubs, clubsPage, myClubsPage } from "./clubs";
import { connectionsPage } from "./connections";
import { dataExport } from "./data-export";
import { digest } from "./digest";
import { errors } from "./errors";
import { events } from "./events";
import { exports } from "./exports";
import { input } from "./input";
import { interests, interestsPage, suggestions } from "./interests";
import { joinQuestions } from "./join-questions";
import { landing } from "./landing";
import { language } from "./language";
import { listCommon, meta, nav, paging, shellCommon } from "./layout";
import { mail } from "./mail";
import { contactSettings, messageRequests, messageRequestsPage } from "./message-requests";
import { announcements, inboxPage, tabBar } from "./navigation";
import { noticeSettings, notices } from "./notices";
import { handover, officers, officersPage } from "./officers";
import { operations } from "./operations";
import { polls } from "./polls";
import { composer, feedPage, postDialog, posts, postView } from "./posts";
import { privacy } from "./privacy";
import { editProfilePage, profilePage, settingsPage } from "./profiles";
import { push, pushUi, quietHours } from "./push";
import { rateLimits } from "./rate-limits";
import { dashboard, recruitingPage } from "./recruiting";
import { auditPage, reportQueuePage, reports, reportUi } from "./reports";
import { safety, safetyPage } from "./safety";
import { screens } from "./screens";
import { uploads } from "./uploads";
import { watchedWords, watchedWordsPage } from "./watched-words";

/** The Spanish catalogue: the same tree as the English one (the type enforces it). */
export const es: typeof en = {
  common: errors,
  input,
  auth,
  chat,
  mentions,
  avisos,
  readState,
  chatPhotos,
  uploads,
  clubs,
  accounts,
  admin,
  mail,
  operations,
  posts,
  polls,
  events,
  rateLimits,
  privacy,
  dataExport,
  digest,
  messageRequests,
  push,
  pushUi,
  quietHours,
  notices,
  noticeSettings,
  // Screens and shared pieces of the interface, one group per page or area.
  meta,
  nav,
  shellCommon,
  listCommon,
  paging,
  landing,
  clubsPage,
  interests,
  interestsPage,
  suggestions,
  clubPage,
  myClubsPage,
  loginPage,
  signupPage,
  profileCreatePage,
  forgotPage,
  resetPage,
  feedPage,
  postView,
  postDialog,
  composer,
  clubForm,
  calendar,
  connectionsPage,
  chatPage,
  profilePage,
  settingsPage,
  editProfilePage,
  adminPanel,
  adminPages,
  recruitingPage,
  dashboard,
  appShell,
  language,
  tabBar,
  inboxPage,
  announcements,
  safety,
  safetyPage,
  screens,
  reports,
  reportUi,
  reportQueuePage,
  auditPage,
  watchedWords,
  watchedWordsPage,
  messageRequestsPage,
  contactSettings,
  joinQuestions,
  checkIns,
  exports,
  officers,
  handover,
  officersPage,
  chatPins,
};
