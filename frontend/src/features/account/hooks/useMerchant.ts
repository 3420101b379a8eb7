import { useQuery } from "@tanstack/react-query";
import { useSession } from "@/lib/session";
import { merInfoQueryOptions, type MerchantInfo } from "../api";

/** The signed-in merchant (getMerInfo), shown at once from the session's last summary while it refreshes. */
export function useMerchant() {
  const { merInfo } = useSession();
  return useQuery({ ...merInfoQueryOptions(), placeholderData: (merInfo as MerchantInfo | null) ?? undefined });
}
