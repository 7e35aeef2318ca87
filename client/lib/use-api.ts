import { useRouter } from "@tanstack/react-router";
import type { Api } from "./api";

/** The API client from the router context. */
export function useApi(): Api {
  return useRouter().options.context.api;
}
