import type { HookContainer } from "elysia/types";

/**
 * A synchronous lifecycle hook, marked as such for Elysia.
 *
 * Elysia compiles each route's handler and `await`s every hook it takes for asynchronous: an
 * `async` function, or one whose source text matches /(?:return|=>)\s?\S+\(|a(?:sync|wait)/.
 * In the server bundle, where whitespace is minified, that is nearly every hook (`=>{set(`,
 * `return;if(`), so each request paid a microtask turn per hook, and for request hooks an async
 * function around the whole request. A hook container that says `isAsync: false` (and
 * `hasReturn: false`: it answers nothing itself) is called directly. Only for hooks that never
 * return a promise (the type refuses one): Elysia would not wait for it.
 */
export function syncHook<Fn extends (...args: never[]) => unknown>(
  fn: Fn & (ReturnType<Fn> extends PromiseLike<unknown> ? never : unknown),
): Fn {
  return container(fn, false);
}

/**
 * A synchronous request hook that may answer the request itself: what it returns (when not
 * undefined) is the response, and the route never runs. Called directly, like `syncHook`.
 */
export function syncAnswerHook<Fn extends (...args: never[]) => Response | undefined>(fn: Fn): Fn {
  return container(fn, true);
}

function container<Fn extends (...args: never[]) => unknown>(fn: Fn, hasReturn: boolean): Fn {
  const hook: HookContainer<Fn> = { fn, isAsync: false, hasReturn };
  // Elysia's hook methods take a function or a container; their types name only the function.
  return hook as unknown as Fn;
}
