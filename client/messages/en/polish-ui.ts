/**
 * Strings of the issue 7/8 polish: paging on /clubs and the post dialog on a club's Posts tab
 * (deep links with `?post=`, the guest prompts).
 */
export const polishUi = {
  paging: {
    label: "Pages",
    previous: "Previous",
    next: "Next",
    pageOf: "Page {page} of {pages}",
  },
  post: {
    open: "Open post: {title}",
    close: "Close post",
    notFound: "This post is no longer available.",
    loginToReact: "Log in to like or save posts.",
    loginToComment: "Log in to read and write comments.",
    logIn: "Log in",
  },
};
