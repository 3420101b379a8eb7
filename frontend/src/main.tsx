import { StrictMode } from "react";
import { createRoot } from "react-dom/client";
// antd-mobile's global styles and CSS variables: imported here because webpack tree-shakes antd-mobile's barrel.
import "antd-mobile/es/global";
import { installA11yFixes } from "@/lib/a11y";
import { loadLanguage } from "@/lib/intl";
import { registerServiceWorker } from "@/lib/serviceWorker";
import { getSession } from "@/lib/session";
import { App } from "./app/App";
import { preloadScreen } from "./app/routes";
import "./styles.css";

// The catalogue, antd-mobile's locale and the screen's chunk download at once, before React first renders.
const session = getSession();
void loadLanguage(session.lang).catch(() => undefined); // IntlRoot asks again and reports
preloadScreen(window.location.pathname, Boolean(session.token));

installA11yFixes();
registerServiceWorker();
createRoot(document.getElementById("root")!).render(
  <StrictMode>
    <App />
  </StrictMode>,
);
