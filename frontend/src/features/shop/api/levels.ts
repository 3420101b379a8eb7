import { queryOptions, useQuery } from "@tanstack/react-query";
import { api } from "@/lib/api";
import { shopKeys } from "./keys";
import type { LevelPage } from "./types";

/** GET index/level: every level with its terms, the merchant's current one marked (a few rows: one page). */
export function getLevels(signal?: AbortSignal): Promise<LevelPage> {
  return api.get("index/level", { page: 1, limit: 100 }, signal);
}

export const levelsQueryOptions = () =>
  queryOptions({ queryKey: shopKeys.levels(), queryFn: ({ signal }) => getLevels(signal) });

export function useLevels() {
  return useQuery(levelsQueryOptions());
}
