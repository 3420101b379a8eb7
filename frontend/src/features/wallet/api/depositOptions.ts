import { queryOptions, useQuery } from "@tanstack/react-query";
import { api } from "@/lib/api";
import { walletKeys } from "./keys";

/** GET merchant/getBlockchain: the deposit networks (address, QR, minimum, confirmations) and the bank details. */
export const getDepositOptions = (signal?: AbortSignal) => api.get("merchant/getBlockchain", undefined, signal);

export const depositOptionsQueryOptions = () =>
  queryOptions({ queryKey: walletKeys.depositOptions(), queryFn: ({ signal }) => getDepositOptions(signal) });

export const useDepositOptions = () => useQuery(depositOptionsQueryOptions());
