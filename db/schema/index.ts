export * from "./chat";
export * from "./clubs";
export * from "./events";
export * from "./posts";
export * from "./rate-limits";
export * from "./types";
export * from "./uploads";
export * from "./users";
