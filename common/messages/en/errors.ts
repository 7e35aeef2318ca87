export const errors = {
  appName: "ClubNica",
  notFound: "Not found",
  internalError: "Internal server error",
  unavailable: "The service is briefly unavailable. Try again in a few seconds.",
  badBody: "The request body could not be read. Check its format.",
};
