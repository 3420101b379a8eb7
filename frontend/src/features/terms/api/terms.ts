import { queryOptions, useQuery } from "@tanstack/react-query";
import { api } from "@/lib/api";
import { termsKeys } from "./keys";
import type { TermsData } from "./types";

/** GET merchant/terms: the platform's published terms, each kind with its versions in force, upcoming and past. */
export function getTerms(signal?: AbortSignal): Promise<TermsData> {
  return api.get("merchant/terms", undefined, signal);
}

export const termsQueryOptions = () =>
  queryOptions({ queryKey: termsKeys.list(), queryFn: ({ signal }) => getTerms(signal) });

export function useTerms() {
  return useQuery(termsQueryOptions());
}
