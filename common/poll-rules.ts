/**
 * A poll's limits, shared by the API (common/api/polls.ts re-exports them) and the composer. Its
 * own file, without zod, so the browser's post components (on the public club page) do not
 * bundle the API's schemas.
 */
export const POLL_RULES = { minOptions: 2, maxOptions: 10, questionMax: 300, optionMax: 100 } as const;
