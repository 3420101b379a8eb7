import { useMutation, useQueryClient } from "@tanstack/react-query";
import { api, type Answer } from "@/lib/api";
import { catalogKeys } from "./keys";
import type { CenterFilter, DistributeResult } from "./types";

/** What to distribute: chosen products, every product of the center's current filter, or the hot products. */
export type DistributeRequest =
  | { kind: "chosen"; ids: number[] }
  | { kind: "filter"; filter: CenterFilter }
  | { kind: "hot" };

/** POST product/add, product/addAll or product/addAllHot -> what fitted under the level's product quantity. */
export function distribute(request: DistributeRequest): Promise<Answer<DistributeResult>> {
  switch (request.kind) {
    case "chosen":
      return api.postAnswer("product/add", { ids: request.ids });
    case "filter":
      return api.postAnswer("product/addAll", request.filter);
    case "hot":
      return api.postAnswer("product/addAllHot");
  }
}

/** The caller shows the outcome (a refused one too), so the global rejection toast is off. */
export function useDistribute() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: distribute,
    meta: { toast: false },
    onSettled: () => queryClient.invalidateQueries({ queryKey: catalogKeys.all }),
  });
}
