import type { LocaleStore } from "../../platform/locale/request-locale";

/**
 * A socket's language (the store `m` reads while its frames are handled), shared by every
 * socket whose inputs are the same: a few dozen combinations of cookie, account, header and
 * default at most, against two objects per socket before (docs/capacity.md "Memory per socket
 * (branch `mem48`)"). Shared stores are frozen: the one thing that writes a store, the session
 * loader's `recordAccountLocale`, is run on a copy (`ownCopy`) and the result shared again.
 */
const stores = new Map<string, LocaleStore>();

export function sharedLocale(store: LocaleStore): LocaleStore {
  const { choices } = store;
  const key = `${store.locale}|${store.source}|${store.defaultLocale}|${choices.cookie}|${choices.account}|${choices.header}`;
  let shared = stores.get(key);
  if (!shared) {
    shared = Object.freeze({ ...store, choices: Object.freeze({ ...choices }) });
    stores.set(key, shared);
  }
  return shared;
}

/** A copy the session loader may write to (it records the account's saved language). */
export function ownCopy(store: LocaleStore): LocaleStore {
  return { ...store, choices: { ...store.choices } };
}
