import { useMemo } from "react";
import { useSearchParams } from "react-router-dom";
import type { CenterFilter } from "../api";

/** Reads a filter from the distribution center's query (?category=3&keyword=mug); invalid values are dropped. */
export function filterFromParams(params: URLSearchParams): CenterFilter {
  const filter: CenterFilter = {};
  const category = Number(params.get("category"));
  if (Number.isInteger(category) && category > 0) filter.category = category;
  const keyword = params.get("keyword")?.trim();
  if (keyword) filter.keyword = keyword;
  return filter;
}

/**
 * The center's filter lives in the URL, so the Product tab can open a category (/distribution?category=3), the
 * kept-alive screen follows its own location, and back/forward keep the filter.
 */
export function useCenterFilter() {
  const [params, setParams] = useSearchParams();
  const filter = useMemo(() => filterFromParams(params), [params]);
  const update = (change: CenterFilter) => {
    const next = { ...filter, ...change };
    const query: Record<string, string> = {};
    if (next.category) query.category = String(next.category);
    if (next.keyword) query.keyword = next.keyword;
    setParams(query, { replace: true });
  };
  return { filter, update };
}
