export const auth = {
  usernameTaken: "That username is already taken.",
  badCredentials: "Incorrect username or password",
  tooManyLogins: "Too many failed log-in attempts. Try again later.",
  bannedUntil: "Your account is banned until {until}.",
  mutedUntil: "You are muted until {until}.",
  notAuthenticated: "Not authenticated",
  invalidToken: "Invalid or expired token",
  forbidden: "You do not have permission to do this.",
  loginFailed: "Login failed",
  signupFailed: "Signup failed",
  passwordsDontMatch: "Passwords don't match.",
  passwordsDoNotMatchAlert: "Passwords do not match.",
};
