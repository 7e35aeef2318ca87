import { RouterClient } from "@tanstack/react-router/ssr/client";
import { hydrateRoot } from "react-dom/client";
import { createApi } from "./lib/api";
import { getToken } from "./lib/session";
import { createAppRouter } from "./router";
import { registerServiceWorker } from "./service-worker/register";

const api = createApi({ fetcher: (path, init) => fetch(path, init), getToken });
const router = createAppRouter({ api });

hydrateRoot(document, <RouterClient router={router} />, {
  onRecoverableError(error) {
    // Hydration mismatches (and other recovered render errors) land here; e2e tests fail on them.
    console.error("React recovered from an error:", error);
  },
});

registerServiceWorker();
