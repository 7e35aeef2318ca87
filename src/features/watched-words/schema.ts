/** The HTTP contract of this feature lives in common/ (the admin screen infers its types from it). */
export * from "../../../common/api/watched-words";
