/** Blocking, deleting one's own content and account controls (API details and screens). */
export const safety = {
  cannotBlockSelf: "You cannot block yourself.",
  userNotFound: "User not found",
  tooManyBlocks: "You are blocking and unblocking too fast. Wait a moment and try again.",
  youBlockedThem: "You blocked this person. Unblock them from their profile to send messages.",
  cannotMessage: "You can't send messages to this person.",
  messageNotFound: "Message not found",
  notMessageAuthor: "You can only delete your own messages.",
  wrongPassword: "Your current password is not right.",
  samePassword: "Choose a password different from your current one.",
  passwordChanged: "Your password was changed. You were signed out on every other device.",
  tooManyPasswordTries: "Too many wrong passwords. Try again later.",
  signedOutEverywhere:
    "You were signed out on every other device. Their notifications stopped, and your calendar has a new address.",
  lastAdmin: "You are the only admin. Make someone else an admin before deleting your account.",
  noAdminForClubs: "Your clubs need an admin to take them over, and there is none. Ask your school's admin.",
  resetCodeIssued: "Give this code to the person. It works once, until {until}, and is not shown again.",
};

export const safetyPage = {
  block: "Block",
  unblock: "Unblock",
  blockNamed: "Block {name}",
  unblockNamed: "Unblock {name}",
  blockConfirm:
    "Block {name}? You won't be able to message each other, and you won't see their comments or club messages. They are not told.",
  blockedToast: "You blocked {name}.",
  unblockedToast: "You unblocked {name}.",
  cancel: "Cancel",
  failed: "That didn't work. Try again.",
  blockedTitle: "Blocked people",
  blockedHint: "They can't message you and you don't see their comments or club messages. They are not told.",
  blockedEmpty: "You haven't blocked anyone.",
  chatBlockedByMe: "You blocked this person, so you can't message each other.",
  chatCannotMessage: "You can't send messages to this person.",
  messageActions: "Message options",
  commentActions: "Comment options",
  deleteMessage: "Delete message",
  deleteMessageConfirm: "Delete this message? Nobody will see it any more.",
  deleteComment: "Delete comment",
  deleteCommentConfirm: "Delete this comment? Nobody will see it any more.",
  delete: "Delete",
  deleting: "Deleting…",
  accountTitle: "Account and safety",
  changePassword: "Change password",
  currentPassword: "Current password",
  newPassword: "New password",
  changing: "Changing…",
  passwordChanged: "Your password was changed. You were signed out on every other device.",
  signOutEverywhere: "Sign out on all other devices",
  signOutEverywhereHint:
    "Left yourself signed in on a school computer or a borrowed phone? End it from here.",
  signOutEverywhereConfirm:
    "Sign out on every other device? They stop getting your notifications, and your calendar address changes: subscribe again in your calendar app. You stay signed in here.",
  signOutEverywhereYes: "Sign out other devices",
  signingOut: "Signing out…",
  signedOutEverywhere:
    "You were signed out on every other device. Their notifications stopped, and your calendar has a new address.",
  deleteAccount: "Delete my account",
  deleteAccountExplain:
    'This deletes your profile, your chat messages, your likes and favorites and your answers to events. Your comments stay, signed "Deleted user". Clubs you own go to an admin. This can\'t be undone.',
  deleteAccountPassword: "Type your password to confirm",
  deleteAccountForever: "Delete my account forever",
  accountDeleted: "Your account was deleted. Take care!",
  resetCode: "Reset code",
  resetCodeFor: "Create a one-time reset code for {name}",
  resetCodeConfirm:
    "Create a one-time password reset code for {name}? Use it only for a student who can't receive e-mail. Any earlier code stops working.",
  resetCodeCreate: "Create code",
  resetCodeShown:
    "Give this code to {name} in person. It works once, until {until}, and it won't be shown again.",
  resetCodeHow:
    "They enter it with their username on the Reset password page (Forgot password on the login screen).",
  close: "Close",
};
