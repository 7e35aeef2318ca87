import { es } from "./es";

// The Spanish catalogue as its own cached file (scripts/build-client.ts), read by ./browser.ts.
(globalThis as Record<string, unknown>).__CLUBNICA_I18N__ = { locale: "es", messages: es };
