import { createRoute, lazyRouteComponent } from "@tanstack/react-router";
import { m } from "../../../common/messages";
import { pageTitle, rootRoute } from "../root";

/**
 * The account screens. Public (anyone may open them) and rendered on the server as plain forms;
 * they submit through JavaScript, since the session lives in the browser.
 */
export const loginRoute = createRoute({
  getParentRoute: () => rootRoute,
  path: "/login",
  head: () => pageTitle(m.loginPage.title),
  component: lazyRouteComponent(() => import("./login-page"), "LoginPage"),
});

export const signupRoute = createRoute({
  getParentRoute: () => rootRoute,
  path: "/signup",
  head: () => pageTitle(m.signupPage.title),
  component: lazyRouteComponent(() => import("./signup-page"), "SignupPage"),
});

export const profileCreateRoute = createRoute({
  getParentRoute: () => rootRoute,
  path: "/profile/create",
  head: () => pageTitle(m.profileCreatePage.title),
  component: lazyRouteComponent(() => import("./profile-create-page"), "ProfileCreatePage"),
});

export const forgotPasswordRoute = createRoute({
  getParentRoute: () => rootRoute,
  path: "/forgot-password",
  head: () => pageTitle(m.forgotPage.title),
  component: lazyRouteComponent(() => import("./forgot-password-page"), "ForgotPasswordPage"),
});

export const resetPasswordRoute = createRoute({
  getParentRoute: () => rootRoute,
  path: "/reset-password",
  head: () => pageTitle(m.resetPage.title),
  component: lazyRouteComponent(() => import("./reset-password-page"), "ResetPasswordPage"),
});
