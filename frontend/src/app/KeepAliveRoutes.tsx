/**
 * The keep-alive outlet: every visited route's screen stays mounted (hidden when inactive), so scroll position,
 * tabs, loaded pages and form input survive leaving and re-entering. Each kept screen sees its own last location
 * (`<Routes location>`), so a hidden screen never reads another screen's query string. Signing out drops them all.
 * Also the route guard (signed-out users go to /login except on public routes) and the page title.
 */
import { lazy, memo, Suspense, useEffect, useLayoutEffect, useRef, useState, type ReactNode } from "react";
import { Navigate, Route, Routes, useLocation, type Location } from "react-router-dom";
import { useIntl } from "react-intl";
import { ErrorBoundary } from "@/components/errors/ErrorBoundary";
import { PageLoading } from "@/components/ui/PageLoading";
import { NavLayout } from "@/components/layouts/NavLayout";
import { TabLayout } from "@/components/layouts/TabLayout";
import { RouteActiveContext } from "@/hooks/useRouteActive";
import { useSession } from "@/lib/session";
import { useBadges } from "./badges";
import { findRoute, TAB_ROUTES, type AppRoute } from "./routes";
import { routeTitles } from "./routeTitles";

// Its illustration is not part of the app's first load.
const NotFound = lazy(() => import(/* webpackChunkName: "not-found" */ "./NotFound").then((m) => ({ default: m.NotFound })));

const TABS = TAB_ROUTES.map((route) => ({ path: route.path, title: routeTitles[route.name] }));

/** The tab screens' layout, with the Order tab's badge (orders awaiting pickup) and the My tab's (unread messages). */
function TabsWithBadge({ children }: { children: ReactNode }) {
  const { awaitingPickup, unreadMessages } = useBadges();
  return (
    <TabLayout tabs={TABS} badges={{ "/order": awaitingPickup, "/my": unreadMessages }}>
      {children}
    </TabLayout>
  );
}

function RouteScreen({ route }: { route: AppRoute }) {
  const intl = useIntl();
  const Screen = route.screen;
  const body = (
    <ErrorBoundary>
      <Suspense fallback={<PageLoading />}>
        <Screen />
      </Suspense>
    </ErrorBoundary>
  );
  if (route.layout === "tab") return <TabsWithBadge>{body}</TabsWithBadge>;
  if (route.layout === "nav") return <NavLayout title={intl.formatMessage(routeTitles[route.name])}>{body}</NavLayout>;
  return body;
}

const KeptRoute = memo(function KeptRoute(props: { route: AppRoute; location: Location; active: boolean }) {
  return (
    <div className="kept-route" style={props.active ? undefined : { display: "none" }} data-route={props.route.path}>
      <RouteActiveContext.Provider value={props.active}>
        <Routes location={props.location}>
          <Route path={props.route.path} element={<RouteScreen route={props.route} />} />
        </Routes>
      </RouteActiveContext.Provider>
    </div>
  );
});

type Kept = { token: string; cache: Map<string, Location> };

export function KeepAliveRoutes() {
  const location = useLocation();
  const { token } = useSession();
  const intl = useIntl();
  const route = findRoute(location.pathname);
  const allowed = route !== undefined && (Boolean(token) || route.public === true);

  // Derived state, adjusted during render: remember the last location of every visited route.
  const [kept, setKept] = useState<Kept>(() => ({ token, cache: new Map() }));
  let cache = kept.token !== token && !token ? new Map<string, Location>() : kept.cache;
  if (allowed && cache.get(route.path) !== location) cache = new Map(cache).set(route.path, location);
  if (cache !== kept.cache || kept.token !== token) setKept({ token, cache });

  const activePath = allowed ? route.path : null;
  useEffect(() => {
    if (route) document.title = intl.formatMessage(routeTitles[route.name]);
  }, [route, intl]);

  // Window scroll per route: remember it while a route is active, restore it when the route is re-entered.
  const scrolls = useRef(new Map<string, number>());
  const active = useRef<string | null>(null);
  useEffect(() => {
    const onScroll = () => {
      if (active.current) scrolls.current.set(active.current, window.scrollY);
    };
    window.addEventListener("scroll", onScroll, { passive: true });
    return () => window.removeEventListener("scroll", onScroll);
  }, []);
  useLayoutEffect(() => {
    active.current = activePath;
    if (activePath) window.scrollTo(0, scrolls.current.get(activePath) ?? 0);
  }, [activePath]);

  return (
    <>
      {!route && (
        <Suspense fallback={<PageLoading />}>
          <NotFound />
        </Suspense>
      )}
      {route && !allowed && <Navigate to="/login" replace />}
      {[...cache].map(([path, loc]) => (
        <KeptRoute key={path} route={findRoute(path)!} location={loc} active={path === activePath} />
      ))}
    </>
  );
}
