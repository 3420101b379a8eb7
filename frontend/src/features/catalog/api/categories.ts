import { queryOptions, useQuery } from "@tanstack/react-query";
import { api } from "@/lib/api";
import { catalogKeys } from "./keys";
import type { Category } from "./types";

/** GET product/category: the distribution center's categories (a handful, so one page of 100). */
export async function getCategories(signal?: AbortSignal): Promise<Category[]> {
  const page = await api.get("product/category", { page: 1, limit: 100 }, signal);
  return page.list;
}

export const categoriesQueryOptions = () =>
  queryOptions({ queryKey: catalogKeys.categories(), queryFn: ({ signal }) => getCategories(signal), staleTime: 300_000 });

export function useCategories() {
  return useQuery(categoriesQueryOptions());
}
