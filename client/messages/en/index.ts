import { auth } from "./auth";
import { common } from "./common";
import { uploads } from "./uploads";

export const en = { common, auth, uploads };
