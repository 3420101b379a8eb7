import { queryOptions, useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { api, type Answer } from "@/lib/api";
import { walletKeys } from "./keys";
import type { Destination, DestinationInput, Destinations } from "./types";

/** GET merchant/destinations: the saved payout destinations, the published cooling-off and whether two-step sign-in
 * is on (a waiting destination can then be confirmed at once). */
export const getDestinations = (signal?: AbortSignal): Promise<Destinations> =>
  api.get("merchant/destinations", undefined, signal);

export const destinationsQueryOptions = () =>
  queryOptions({ queryKey: walletKeys.destinations(), queryFn: ({ signal }) => getDestinations(signal), staleTime: 0 });

export const useDestinations = () => useQuery(destinationsQueryOptions());

function useDestinationMutation<I>(post: (input: I) => Promise<Answer<Destination>>) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: post,
    onSettled: () => queryClient.invalidateQueries({ queryKey: walletKeys.destinations() }),
  });
}

/** POST merchant/destination_add: a new destination, usable after the cooling-off. */
export const addDestination = (input: DestinationInput) => api.postAnswer("merchant/destination_add", input);
export const useAddDestination = () => useDestinationMutation(addDestination);

/** POST merchant/destination_remove: removes one (also during its wait). */
export const removeDestination = (id: number) => api.postAnswer("merchant/destination_remove", { id });
export const useRemoveDestination = () => useDestinationMutation(removeDestination);

/** POST merchant/destination_confirm: usable at once with the two-step sign-in code (a wrong one is counted). */
export const confirmDestination = (input: { id: number; code: string }) =>
  api.postAnswer("merchant/destination_confirm", input);
export const useConfirmDestination = () => useDestinationMutation(confirmDestination);
