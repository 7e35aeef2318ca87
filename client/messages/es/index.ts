import type { en } from "../en";
import { auth } from "./auth";
import { clubs } from "./clubs";
import { chat } from "./chat";
import { common } from "./common";
import { posts } from "./posts";
import { uploads } from "./uploads";

export const es: typeof en = { common, auth, chat, uploads, clubs, posts };
