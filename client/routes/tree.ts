import {
  forgotPasswordRoute,
  loginRoute,
  profileCreateRoute,
  resetPasswordRoute,
  signupRoute,
} from "./account/route";
import { dummiesRoute, ownerRequestsRoute, recruitingRoute, watchedWordsRoute } from "./admin/route";
import {
  announcementsChatRoute,
  chatInboxRoute,
  clubChatRoute,
  messageRequestsRoute,
  userChatRoute,
} from "./chat/route";
import { attendanceRoute, checkInRoute } from "./check-in/route";
import { clubCalendarRoute } from "./club-calendar/route";
import { clubDetailRoute } from "./club-detail/route";
import { clubEditRoute, clubNewRoute } from "./club-edit/route";
import { clubsRoute } from "./clubs/route";
import { connectionsRoute } from "./connections/route";
import { eventsRoute } from "./events/route";
import { forYouRoute } from "./for-you/route";
import { adminRoute, authedRoute, catchAllRoute, ownerRoute } from "./guards";
import { homeRoute } from "./home/route";
import { interestsRoute } from "./interests/route";
import { landingRoute } from "./landing/route";
import { auditLogRoute, reportQueueRoute } from "./moderation/route";
import { myClubsRoute } from "./my-clubs/route";
import { notificationSettingsRoute, notificationsRoute } from "./notifications/route";
import { editProfileRoute, profileRoute, userProfileRoute } from "./profile/route";
import { rootRoute } from "./root";
import { settingsRoute } from "./settings/route";

/**
 * The one route tree, shared by the server and the browser. Public pages hang off the root;
 * login-only pages under `authedRoute`, owner/admin pages under `ownerRoute`, admin pages under
 * `adminRoute` (client/routes/guards.tsx). Each page's component is a lazy chunk.
 */
export const routeTree = rootRoute.addChildren([
  landingRoute,
  clubsRoute,
  clubDetailRoute,
  eventsRoute,
  loginRoute,
  signupRoute,
  profileCreateRoute,
  forgotPasswordRoute,
  resetPasswordRoute,
  authedRoute.addChildren([
    homeRoute,
    myClubsRoute,
    connectionsRoute,
    chatInboxRoute,
    messageRequestsRoute,
    clubChatRoute,
    announcementsChatRoute,
    userChatRoute,
    profileRoute,
    userProfileRoute,
    editProfileRoute,
    interestsRoute,
    forYouRoute,
    clubCalendarRoute,
    checkInRoute,
    attendanceRoute,
    clubEditRoute,
    notificationsRoute,
    settingsRoute,
    notificationSettingsRoute,
  ]),
  ownerRoute.addChildren([clubNewRoute, recruitingRoute]),
  adminRoute.addChildren([
    ownerRequestsRoute,
    dummiesRoute,
    reportQueueRoute,
    auditLogRoute,
    watchedWordsRoute,
  ]),
  catchAllRoute,
]);
