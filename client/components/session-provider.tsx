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
import {
  clearSession,
  loadSession,
  type Session,
  type SessionUser,
  saveToken,
  subscribeSession,
} from "../lib/session";

export type SessionState = {
  /** False on the server and during hydration: the page renders as for a guest until then. */
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
 * Holds the signed-in user. The token is read only after hydration (an effect), so the first
 * client render matches the server's guest HTML; then loaders re-run with the token so
 * per-user data (can_edit, request_pending) appears.
 */
export function SessionProvider({ children }: { children: ReactNode }) {
  const router = useRouter();
  const [session, setSession] = useState<Session | null>(null);
  const [ready, setReady] = useState(false);
  const lastToken = useRef<string | null | undefined>(undefined);

  useEffect(() => {
    const sync = () => {
      const next = loadSession();
      setSession((prev) => (prev?.token === next?.token ? prev : next));
      setReady(true);
    };
    sync();
    return subscribeSession(sync);
  }, []);

  useEffect(() => {
    if (!ready) return;
    const token = session?.token ?? null;
    const first = lastToken.current === undefined;
    if (lastToken.current === token) return;
    lastToken.current = token;
    // Another user's (or a guest's) data must not show: the cache starts over for the new session.
    if (!first) void router.options.context.queries.client?.resetQueries();
    if (!first || token) void router.invalidate();
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
  }, [ready, session, router]);

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
