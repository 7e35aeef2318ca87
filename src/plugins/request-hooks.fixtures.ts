/**
 * The factories of the plugins every request runs, for src/plugins/request-hooks.test.ts (which
 * bundles this file). The one feature among them (auth's early-form-posts) is bundled beside it:
 * plugins import no feature.
 */
export { createLogger } from "../lib/logger";
export { createLocale } from "../platform/locale/plugin";
export { createCompression } from "./compression";
export { createDrain } from "./drain";
export { createErrorHandler } from "./error-handler";
export { createBodyGuard, createInputGuard } from "./input-guard";
export { createRequestLog } from "./request-log";
export { createRequestMetrics } from "./request-metrics";
export { createSecurityHeaders } from "./security-headers";
