import { useRouter } from "@tanstack/react-router";
import {
  createContext,
  type ReactNode,
  useCallback,
  useContext,
  useEffect,
  useMemo,
  useRef,
  useState,
} from "react";
import { accountLanguageToApply, languageHref } from "../lib/account-language";
import { followPageCookie, PENDING_SESSION_STYLE_ID } from "../lib/page-cookie";
import {
  clearSession,
  loadSession,
  type Session,
  type SessionUser,
  saveToken,
  subscribeSession,
} from "../lib/session";

/** A session as the page knows it: the token is null until the browser has read its storage. */
type PageSession = { token: string | null; user: SessionUser };

export type SessionState = {
  /**
   * False on the server and during hydration: the page renders for the person the server
   * rendered it for (the page cookie's, or a guest) until the browser has read its storage.
   */
  ready: boolean;
  user: SessionUser | null;
  token: string | null;
  signIn: (token: string) => SessionUser | null;
  signOut: () => void;
};

const SessionContext = createContext<SessionState>({
  ready: false,
  user: null,
  token: null,
  signIn: () => null,
  signOut: () => {},
});

/**
 * Holds the signed-in user. The first render, on the server and while hydrating, is for the
 * person the server rendered the page for (`page.user`: the page cookie's session, or nobody),
 * without a token, so the browser's first render matches the server's HTML; the token is read
 * from storage after hydration (an effect); then loaders re-run with the token so per-user
 * data (can_edit, request_pending) appears. The page cookie then follows the stored token
 * (lib/page-cookie.ts).
 */
export function SessionProvider({ children }: { children: ReactNode }) {
  const router = useRouter();
  const rendered = router.options.context.page.user;
  const [session, setSession] = useState<PageSession | null>(() =>
    rendered ? { token: null, user: rendered } : null,
  );
  const [ready, setReady] = useState(false);
  const lastToken = useRef<string | null | undefined>(undefined);

  useEffect(() => {
    const sync = () => {
      const next: Session | null = loadSession();
      setSession((prev) => (prev?.token === next?.token && prev?.token ? prev : next));
      setReady(true);
    };
    sync();
    return subscribeSession(sync);
  }, []);

  useEffect(() => {
    if (!ready) return;
    // The header now shows who is really signed in: the guest links may show again (root.tsx).
    document.getElementById(PENDING_SESSION_STYLE_ID)?.remove();
    const token = session?.token ?? null;
    const first = lastToken.current === undefined;
    if (lastToken.current === token) return;
    lastToken.current = token;
    followPageCookie({
      api: router.options.context.api,
      token,
      user: session?.user ?? null,
      rendered,
      first,
    });
    // Another user's (or a guest's) data must not show: the cache starts over for the new session.
    if (!first) void router.options.context.queries.client?.resetQueries();
    // A page the server rendered for this very person already holds their data.
    if (!first || (token && rendered?.id !== session?.user.id)) void router.invalidate();
    if (token) {
      const { api, queries } = router.options.context;
      // The unread badge reads the query cache: a session needs it on every page.
      void queries.load();
      accountLanguageToApply({ api, signedInNow: !first })
        .then((locale) => {
          if (locale)
            window.location.assign(languageHref(locale, window.location.pathname + window.location.search));
        })
        // Best effort: the page stays in its current language if the profile cannot be read.
        .catch(() => {});
    }
  }, [ready, session, router, rendered]);

  const signIn = useCallback((token: string) => saveToken(token), []);
  const signOut = useCallback(() => clearSession(), []);

  const value = useMemo<SessionState>(
    () => ({ ready, user: session?.user ?? null, token: session?.token ?? null, signIn, signOut }),
    [ready, session, signIn, signOut],
  );
  return <SessionContext.Provider value={value}>{children}</SessionContext.Provider>;
}

export function useSession(): SessionState {
  return useContext(SessionContext);
}
