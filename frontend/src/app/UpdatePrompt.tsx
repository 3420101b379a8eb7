import { lazy, Suspense } from "react";
import { useUpdateReady } from "@/lib/serviceWorker";

const UpdateBar = lazy(() => import(/* webpackChunkName: "update-bar" */ "./UpdateBar"));

/** A new version of the app is installed and waits (lib/serviceWorker.ts): the bar offering to reload, drawn then. */
export function UpdatePrompt() {
  const ready = useUpdateReady();
  if (!ready) return null;
  return (
    <Suspense fallback={null}>
      <UpdateBar />
    </Suspense>
  );
}
