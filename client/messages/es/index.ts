import type { en } from "../en";
import { accounts } from "./accounts";
import { admin } from "./admin";
import { auth } from "./auth";
import { chat } from "./chat";
import { clubs } from "./clubs";
import { common } from "./common";
import { communityUi } from "./community-ui";
import { contentUi } from "./content-ui";
import { mail } from "./mail";
import { polishUi } from "./polish-ui";
import { posts } from "./posts";
import { uploads } from "./uploads";
import { web } from "./web";

export const es: typeof en = {
  common,
  auth,
  chat,
  uploads,
  clubs,
  accounts,
  admin,
  mail,
  posts,
  web,
  contentUi,
  communityUi,
  polishUi,
};
