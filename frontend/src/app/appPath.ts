import { routeTitles, type RouteName } from "./routeTitles";

const HERE = "https://app.invalid";

// The screens' addresses: each route's path is "/" and its name (routes.tsx; routes.test.ts checks the two agree).
const SCREENS = new Set(
  (Object.keys(routeTitles) as RouteName[]).filter((name) => name !== "root").map((name) => `/${name}`),
);

/**
 * `path` when it is an address of this app: a single "/", then one of its screens (not the root), with its query and
 * hash; otherwise `fallback`. For an address that someone else wrote, such as a partner sign-in link's `path`: one
 * that starts "//" or "/\" (another host to a browser), holds a backslash or a scheme, or names no screen would
 * leave the app or show a blank page.
 */
export function appPath(path: string | null | undefined, fallback = "/home"): string {
  if (!path || !path.startsWith("/") || path.startsWith("//") || path.includes("\\")) return fallback;
  let url: URL;
  try {
    url = new URL(path, HERE);
  } catch {
    return fallback;
  }
  if (url.origin !== HERE || !SCREENS.has(url.pathname)) return fallback;
  return url.pathname + url.search + url.hash;
}
