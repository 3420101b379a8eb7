import { useEffect } from "react";
import { useNavigate } from "react-router-dom";
import { PUSH_OPEN_MESSAGE } from "@/lib/pushPayload";
import { appPath } from "./appPath";

/** A tapped notification (frontend/sw/push.ts) asks the open window to show its screen: the app's router opens it
 * (the visited screens stay as they were). Only a screen of the app is opened (appPath), else /home. */
export function PushOpen() {
  const navigate = useNavigate();
  useEffect(() => {
    if (!("serviceWorker" in navigator)) return;
    const container = navigator.serviceWorker;
    const onMessage = (event: MessageEvent<unknown>) => {
      const data = event.data as { type?: unknown; path?: unknown } | null;
      if (data?.type !== PUSH_OPEN_MESSAGE) return;
      navigate(appPath(typeof data.path === "string" ? data.path : null));
    };
    container.addEventListener("message", onMessage);
    return () => container.removeEventListener("message", onMessage);
  }, [navigate]);
  return null;
}
