import { queryOptions, useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { api, type Answer } from "@/lib/api";
import { shopKeys } from "./keys";
import type { BannersInput, Shop, StoreInput } from "./types";

/** GET merchant/store: the shop's current settings. */
export function getStore(signal?: AbortSignal): Promise<Shop> {
  return api.get("merchant/store", undefined, signal);
}

export const storeQueryOptions = () =>
  queryOptions({ queryKey: shopKeys.store(), queryFn: ({ signal }) => getStore(signal) });

export function useStore() {
  return useQuery(storeQueryOptions());
}

/** POST merchant/store: basic information and social links; answers the saved shop. */
export function saveStore(input: StoreInput): Promise<Answer<Shop>> {
  return api.postAnswer("merchant/store", input);
}

/** POST merchant/store_banner: store banner and advertisement banner; answers the saved shop. */
export function saveBanners(input: BannersInput): Promise<Answer<Shop>> {
  return api.postAnswer("merchant/store_banner", input);
}

function useSaveShop<I>(save: (input: I) => Promise<Answer<Shop>>) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: save,
    onSuccess: ({ data }) => queryClient.setQueryData(shopKeys.store(), data),
  });
}

export const useSaveStore = () => useSaveShop(saveStore);
export const useSaveBanners = () => useSaveShop(saveBanners);
