export * from "../../../common/api/notices";
