import { RouterClient } from "@tanstack/react-router/ssr/client";
import { startTransition } from "react";
import { hydrateRoot } from "react-dom/client";
import { holdEarlySubmits } from "./components/early-input";
import { createApi } from "./lib/api";
import { loadFullApp, needsFullApp } from "./lib/full-app";
import { getToken } from "./lib/session";
import { createAppRouter } from "./router";
import { registerServiceWorker } from "./service-worker/register";

// Before anything hydrates: a form sent while its page is still starting waits for it.
holdEarlySubmits(document);

const api = createApi({ fetcher: (path, init) => fetch(path, init), getToken });
const router = createAppRouter({ api });

function hydrate() {
  // Hydrating inside a transition lets React yield to the browser every few milliseconds instead
  // of blocking the main thread for the whole page (hundreds of ms on a mid-range phone), so a
  // tap during start-up is answered at once; a default-priority hydrateRoot is one long task.
  startTransition(() => {
    hydrateRoot(document, <RouterClient router={router} />, {
      onRecoverableError(error) {
        // Hydration mismatches (and other recovered render errors) land here; e2e tests fail on them.
        console.error("React recovered from an error:", error);
      },
    });
  });
}

// A page past the landing ones hydrates with what the server rendered it with (./lib/full-app.ts).
if (needsFullApp(window.location.pathname)) void loadFullApp(router.options.context.queries).then(hydrate);
else hydrate();

registerServiceWorker();
