import type { en } from "../en";
import { auth } from "./auth";
import { common } from "./common";

export const es: typeof en = { common, auth };
