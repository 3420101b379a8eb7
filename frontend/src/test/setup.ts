import { cleanup } from "@testing-library/react";
import { afterEach, beforeEach } from "vitest";
import { reloadSession } from "@/lib/session";

// jsdom has no layout: scrolling is a no-op here (the e2e tests cover it in Chromium).
window.scrollTo = () => undefined;

beforeEach(() => {
  localStorage.clear();
  reloadSession();
});
afterEach(() => cleanup());
