/** The HTTP contract of this feature lives in common/ (the browser infers its types from it). */
export * from "../../../common/api/notifications";
