import { queryOptions, useQuery } from "@tanstack/react-query";
import { useMoneyMutation } from "@/hooks/useMoneyMutation";
import { api, type Answer } from "@/lib/api";
import { promotionKeys } from "./keys";
import type { BuyAnswer, BuyInput, Train } from "./types";

/** GET index/train: the packages (price, products, duration) and the promotions running now with their end. */
export function getTrain(signal?: AbortSignal): Promise<Train> {
  return api.get("index/train", undefined, signal);
}

export const trainQueryOptions = () =>
  queryOptions({ queryKey: promotionKeys.train(), queryFn: ({ signal }) => getTrain(signal) });

export function useTrain() {
  return useQuery(trainQueryOptions());
}

/** POST index/buy_train: pays the package from the balance (payment password checked on the server). */
export function buyTrain(input: BuyInput, idempotencyKey: string): Promise<Answer<BuyAnswer>> {
  return api.postAnswer("index/buy_train", input, { idempotencyKey });
}

// One Idempotency-Key per submit, the same one when the merchant submits again after a lost answer. The balance and
// the funds records (moneyKeys) change, and the packages, running promotions and purchases (promotionKeys.all).
export const useBuyTrain = () => useMoneyMutation(buyTrain, { invalidates: [promotionKeys.all] });

/** GET index/buy_train_bill: the purchases, newest first, paged. */
export const getTrainBill = (page: number, limit: number, signal?: AbortSignal) =>
  api.get("index/buy_train_bill", { page, limit }, signal);

/** GET product/manage, tab selling: the shop's on-shelf goods, the ones a promotion may promote. */
export const getSellingGoods = (page: number, limit: number, signal?: AbortSignal) =>
  api.get("product/manage", { tab: "selling", page, limit }, signal);
