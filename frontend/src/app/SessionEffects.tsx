import { useEffect, useRef } from "react";
import { useQueryClient } from "@tanstack/react-query";
import { useSession } from "@/lib/session";

/** When the session ends (logout or 401), the previous merchant's cached data goes with it. */
export function SessionEffects() {
  const { token } = useSession();
  const queryClient = useQueryClient();
  const previous = useRef(token);
  useEffect(() => {
    if (previous.current && !token) queryClient.clear();
    previous.current = token;
  }, [token, queryClient]);
  return null;
}
