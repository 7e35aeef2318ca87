import { accounts } from "./accounts";
import { admin } from "./admin";
import { auth } from "./auth";
import { clubs } from "./clubs";
import { chat } from "./chat";
import { common } from "./common";
import { mail } from "./mail";
import { posts } from "./posts";
import { uploads } from "./uploads";
import { web } from "./web";

export const en = { common, auth, chat, uploads, clubs, posts, accounts, admin, mail, web };
