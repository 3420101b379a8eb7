import { queryOptions, useQuery } from "@tanstack/react-query";
import { api } from "@/lib/api";
import { catalogKeys } from "./keys";
import type { ProductDetail } from "./types";

/** GET product/detail?id=: one product with images, description, the merchant's prices and its shop listing. */
export function getProductDetail(id: number, signal?: AbortSignal): Promise<ProductDetail> {
  return api.get("product/detail", { id }, signal);
}

export const productDetailQueryOptions = (id: number) =>
  queryOptions({ queryKey: catalogKeys.detail(id), queryFn: ({ signal }) => getProductDetail(id, signal) });

export function useProductDetail(id: number) {
  return useQuery({ ...productDetailQueryOptions(id), enabled: id > 0 });
}
