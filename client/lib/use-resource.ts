import { useRouter } from "@tanstack/react-router";
import { type Dispatch, type SetStateAction, useCallback, useEffect, useRef, useState } from "react";
import type { Api } from "./api";

export type Resource<T> = {
  data: T | null;
  error: string | null;
  loading: boolean;
  reload: () => Promise<void>;
  setData: Dispatch<SetStateAction<T | null>>;
};

/** The API client from the router context. */
export function useApi(): Api {
  return useRouter().options.context.api;
}

/**
 * Loads data for a signed-in screen in the browser (these pages are not server-rendered), with
 * loading and error states and a reload. A newer load wins over an older one still in flight.
 */
export function useResource<T>(load: (api: Api) => Promise<T>, deps: readonly unknown[]): Resource<T> {
  const api = useApi();
  const [data, setData] = useState<T | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [loading, setLoading] = useState(true);
  const generation = useRef(0);
  const loadRef = useRef(load);
  loadRef.current = load;

  const reload = useCallback(async () => {
    generation.current += 1;
    const mine = generation.current;
    setLoading(true);
    try {
      const value = await loadRef.current(api);
      if (mine !== generation.current) return;
      setData(value);
      setError(null);
    } catch (cause) {
      if (mine !== generation.current) return;
      setError((cause as Error)?.message || "Error");
    } finally {
      if (mine === generation.current) setLoading(false);
    }
  }, [api]);

  useEffect(() => {
    void reload();
  }, [reload, ...deps]);

  return { data, error, loading, reload, setData };
}
