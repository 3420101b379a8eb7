import { useMutation, useQueryClient } from "@tanstack/react-query";
import { api, type Answer } from "@/lib/api";
import { catalogKeys } from "./keys";

type SwitchAnswer = { id: number; on_shelf: boolean };

/** POST product/setSwitch: on shelf (selling) or off shelf (in stock). */
export function setGoodsSwitch(input: { id: number; on_shelf: boolean }): Promise<Answer<SwitchAnswer>> {
  return api.postAnswer("product/setSwitch", input);
}

/** POST product/del: removes the listing from the shop (the catalogue product and order history stay). */
export function removeGoods(input: { id: number }): Promise<Answer<null>> {
  return api.postAnswer("product/del", input);
}

export function useGoodsSwitch() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: setGoodsSwitch,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: catalogKeys.all }),
  });
}

export function useRemoveGoods() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: removeGoods,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: catalogKeys.all }),
  });
}
