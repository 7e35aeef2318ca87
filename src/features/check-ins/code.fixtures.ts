// The rotating check-in code, for browser specs that show the code a phone would scan.
export { codeAt, stepOf } from "./code";
