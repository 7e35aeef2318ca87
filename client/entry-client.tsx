import { RouterClient } from "@tanstack/react-router/ssr/client";
import { hydrateRoot } from "react-dom/client";
import { createApi } from "./lib/api";
import { getToken } from "./lib/session";
import { createAppRouter } from "./router";

const api = createApi({ fetcher: (path, init) => fetch(path, init), getToken });
const router = createAppRouter({ api });

hydrateRoot(document, <RouterClient router={router} />, {
  onRecoverableError(error) {
    // Hydration mismatches land here; tests fail on them through the console.
    console.error("hydration:", error);
  },
});
