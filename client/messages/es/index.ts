import type { en } from "../en";
import { auth } from "./auth";
import { common } from "./common";
import { uploads } from "./uploads";

export const es: typeof en = { common, auth, uploads };
