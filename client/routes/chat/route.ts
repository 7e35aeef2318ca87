import { createRoute, lazyRouteComponent } from "@tanstack/react-router";
import { m } from "../../../common/messages";
import { authedRoute } from "../guards";
import { pageTitle } from "../root";

/** `/chat/club/{clubId}`: a club's group chat, with the conversation list. */
export const clubChatRoute = createRoute({
  getParentRoute: () => authedRoute,
  path: "/chat/club/$clubId",
  head: () => pageTitle(m.chatPage.title),
  component: lazyRouteComponent(() => import("./chat-page"), "ClubChatPage"),
});

/** `/chat/announcements/{clubId}`: a club's Avisos channel, with the conversation list. */
export const announcementsChatRoute = createRoute({
  getParentRoute: () => authedRoute,
  path: "/chat/announcements/$clubId",
  head: () => pageTitle(m.avisos.name),
  component: lazyRouteComponent(() => import("./chat-page"), "AnnouncementsChatPage"),
});

/** `/chat/user/{userId}`: direct messages with one person, with the conversation list. */
export const userChatRoute = createRoute({
  getParentRoute: () => authedRoute,
  path: "/chat/user/$userId",
  head: () => pageTitle(m.chatPage.title),
  component: lazyRouteComponent(() => import("./chat-page"), "UserChatPage"),
});

/** `/chats`: the chat inbox, the conversation list as its own screen. */
export const chatInboxRoute = createRoute({
  getParentRoute: () => authedRoute,
  path: "/chats",
  head: () => pageTitle(m.inboxPage.title),
  component: lazyRouteComponent(() => import("./inbox-page"), "ChatInboxPage"),
});

/** `/chats/requests`: the "Message requests" folder (strangers' first messages). */
export const messageRequestsRoute = createRoute({
  getParentRoute: () => authedRoute,
  path: "/chats/requests",
  head: () => pageTitle(m.messageRequestsPage.title),
  component: lazyRouteComponent(() => import("./requests-page"), "MessageRequestsPage"),
});
