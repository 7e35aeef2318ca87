import { auth } from "./auth";
import { common } from "./common";

export const en = { common, auth };
