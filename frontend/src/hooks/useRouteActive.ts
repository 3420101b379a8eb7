import { createContext, useContext } from "react";

/**
 * Whether the screen is the one shown. Visited screens stay mounted while hidden (app/KeepAliveRoutes), so a screen
 * whose reading has an effect (the support conversation marks replies read) or that polls asks this first.
 */
export const RouteActiveContext = createContext(true);

export function useRouteActive(): boolean {
  return useContext(RouteActiveContext);
}
