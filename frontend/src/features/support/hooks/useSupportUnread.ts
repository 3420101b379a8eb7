import { useQuery } from "@tanstack/react-query";
import { useSession } from "@/lib/session";
import { supportUnreadQueryOptions } from "../api/support";

/** Unread support replies (GET newapi/get_kf_num), read every 30 seconds while the app is visible and signed in. */
export function useSupportUnread(): number {
  const { token } = useSession();
  const unread = useQuery({ ...supportUnreadQueryOptions(), enabled: Boolean(token) });
  return unread.data ?? 0;
}
