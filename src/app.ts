import { Elysia } from "elysia";
import { passwordCost } from "./config";
import type { AppDeps } from "./deps";
import { accountRoutes } from "./features/account";
import { adminRoutes } from "./features/admin";
import { authRoutes, earlyFormPosts, pageSessionReader, sessionLoader } from "./features/auth";
import { notificationRoutes } from "./features/badge-count";
import { blockRoutes } from "./features/blocks";
import { chatRoutes, pinRoutes, readStateRoutes } from "./features/chat";
import { checkInRoutes } from "./features/check-ins";
import { clubRoutes, officerRoutes } from "./features/clubs";
import { commentRoutes } from "./features/comments";
import { connectionRoutes } from "./features/connections";
import { dashboardRoutes } from "./features/dashboard";
import { dataExportRoutes } from "./features/data-export";
import { digestRoutes } from "./features/digest";
import { emailCodeRoutes } from "./features/email-codes";
import { eventRoutes } from "./features/events";
import { interestRoutes } from "./features/interests";
import { createLiveHub, LIVE_SOCKET_OPTIONS, liveRoutes } from "./features/live";
import { mentionsRoutes } from "./features/mentions";
import { messageRequestRoutes } from "./features/message-requests";
import { noticeRoutes } from "./features/notices";
import { notificationSettingsRoutes } from "./features/notification-settings";
import { pollRoutes } from "./features/polls";
import { postRoutes } from "./features/posts";
import { pushRoutes } from "./features/push";
import { reportRoutes } from "./features/reports";
import { uploadRoutes } from "./features/uploads";
import { userRoutes } from "./features/users";
import { watchedWordRoutes } from "./features/watched-words";
import { changeBusOf } from "./lib/database/change-bus";
import { NotFound } from "./lib/errors";
import { setHashingBounds } from "./lib/hash-slots";
import { setPollMemorySource } from "./lib/metrics";
import { primeDummyHash } from "./lib/passwords";
import { createPollMemory, type PollMemory } from "./lib/poll-memory/poll-memory";
import { devMailRoutes } from "./platform/dev-mail/routes";
import { healthRoutes } from "./platform/health/routes";
import { createLocale } from "./platform/locale/plugin";
import { localeRoutes } from "./platform/locale/routes";
import { operationsRoutes } from "./platform/operations/routes";
import { createApiDocs } from "./plugins/api-docs";
import { createAuth, createTokenReader } from "./plugins/auth";
import { createCompression } from "./plugins/compression";
import { createDrain } from "./plugins/drain";
import { createErrorHandler } from "./plugins/error-handler";
import { createBodyGuard, createInputGuard } from "./plugins/input-guard";
import { createRequestLog } from "./plugins/request-log";
import { createRequestMetrics } from "./plugins/request-metrics";
import { applyResponseContract } from "./plugins/response-contract";
import { createSecurityHeaders } from "./plugins/security-headers";
import { ssrRoutes } from "./ssr/routes";

type FeatureDeps = {
  deps: AppDeps;
  auth: ReturnType<typeof createAuth>;
  memory: PollMemory;
  /** The live hub's settled followers of a club chat: a message there gives them no notice. */
  liveReaders?: (clubId: number) => readonly number[];
};

/*
 * The features in two groups, each one plugin: one chain of two dozen `.use()` calls made the
 * app's type too deep for the compiler (TS2589). The order of the routes is unchanged.
 */
function accountFeatures({ deps, auth }: Omit<FeatureDeps, "memory">) {
  return new Elysia({ name: "account-features" })
    .use(healthRoutes({ deps }))
    .use(operationsRoutes({ deps }))
    .use(authRoutes({ deps, auth }))
    .use(devMailRoutes({ deps }))
    .use(adminRoutes({ deps, auth }))
    .use(watchedWordRoutes({ deps, auth }))
    .use(emailCodeRoutes({ deps, auth }))
    .use(notificationSettingsRoutes({ deps, auth }))
    .use(digestRoutes({ deps }))
    .use(userRoutes({ deps, auth }))
    .use(localeRoutes({ deps, auth }));
}

function communityFeatures({ deps, auth, memory, liveReaders }: FeatureDeps) {
  return new Elysia({ name: "community-features" })
    .use(messageRequestRoutes({ deps, auth }))
    .use(chatRoutes({ deps, auth, memory, liveReaders }))
    .use(readStateRoutes({ deps, auth }))
    .use(pinRoutes({ deps, auth }))
    .use(mentionsRoutes({ deps, auth }))
    .use(notificationRoutes({ deps, auth, memory }))
    .use(pushRoutes({ deps, auth }))
    .use(noticeRoutes({ deps, auth, memory }))
    .use(interestRoutes({ deps, auth }))
    .use(clubRoutes({ deps, auth }))
    .use(officerRoutes({ deps, auth }))
    .use(connectionRoutes({ deps, auth }))
    .use(postRoutes({ deps, auth, memory }))
    .use(pollRoutes({ deps, auth }))
    .use(eventRoutes({ deps, auth }))
    .use(checkInRoutes({ deps, auth }))
    .use(commentRoutes({ deps, auth }))
    .use(reportRoutes({ deps, auth }))
    .use(blockRoutes({ deps, auth }))
    .use(accountRoutes({ deps, auth }))
    .use(dataExportRoutes({ deps, auth }))
    .use(dashboardRoutes({ deps, auth }))
    .use(uploadRoutes({ deps }));
}

/**
 * Composes the whole app: error handling and logging first, then each feature's routes, then
 * the server-rendered pages (which own every path the API does not).
 */
export function createApp(deps: AppDeps) {
  // Unchanged polls (session, chat, badge, feed) are answered from here, kept current by NOTIFY.
  // Off (POLL_MEMORY_ENTRIES=0), it never listens, so it never trusts what it holds.
  const memory = createPollMemory({ capacity: Math.max(1, deps.config.POLL_MEMORY_ENTRIES) });
  if (deps.config.POLL_MEMORY_ENTRIES > 0) {
    changeBusOf(deps.db, deps.logger).follow({
      changed: memory.changed,
      committing: memory.committing,
      lost: memory.distrust,
      resumed: memory.reset,
    });
    setPollMemorySource(memory.stats);
  }
  setHashingBounds({
    concurrency: deps.config.PASSWORD_HASH_CONCURRENCY,
    queue: deps.config.PASSWORD_HASH_QUEUE,
  });
  primeDummyHash(passwordCost(deps.config));
  const loadSessionUser = sessionLoader(deps.db, memory);
  const auth = createAuth({ ...deps, loadSessionUser });
  // The live connection (GET /api/live) follows the same change bus as the poll memory.
  const live = createLiveHub({
    db: deps.liveDb ?? deps.db,
    logger: deps.logger,
    memory,
    bus: changeBusOf(deps.db, deps.logger),
    readToken: createTokenReader(deps.jwtSecret).readToken,
    loadSessionUser,
  });
  const app = new Elysia({ websocket: LIVE_SOCKET_OPTIONS })
    // server.ts closes the live sockets (1001: reconnect elsewhere) when the process drains.
    .decorate("live", live)
    .use(createLocale({ defaultLocale: deps.config.DEFAULT_LOCALE }))
    .use(createRequestLog(deps.logger))
    .use(createRequestMetrics())
    .use(createSecurityHeaders({ https: deps.config.PUBLIC_URL?.startsWith("https://") ?? false }))
    .use(createDrain(deps.lifecycle))
    .use(earlyFormPosts())
    .use(createErrorHandler(deps.logger))
    .use(createInputGuard())
    // Before the routes: its parse hook reaches every route registered after it.
    .use(createBodyGuard())
    .use(createCompression())
    .use(createApiDocs())
    .use(liveRoutes({ deps, hub: live }))
    .use(accountFeatures({ deps, auth }))
    .use(communityFeatures({ deps, auth, memory, liveReaders: live.settledReaders }))
    .all(
      "/api/*",
      () => {
        throw new NotFound();
      },
      { detail: { hide: true } },
    )
    .use((app) =>
      app.use(
        ssrRoutes({
          deps,
          handleApi: (request) => app.handle(request),
          // Pages for the page cookie's person, checked as the API checks a token (issue 50).
          readPageSession: pageSessionReader({ deps, loadSessionUser }),
        }),
      ),
    );
  applyResponseContract(app, deps.config.NODE_ENV === "production" ? "off" : "strict");
  return app;
}
