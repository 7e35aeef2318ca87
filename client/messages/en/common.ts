export const common = {
  appName: "ClubNica",
  notFound: "Not found",
  internalError: "Internal server error",
  badBody: "The request body could not be read. Check its format.",
};
