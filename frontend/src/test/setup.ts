import { cleanup, configure } from "@testing-library/react";
import { Dialog } from "antd-mobile";
import { afterEach, beforeEach } from "vitest";
import { reloadSession } from "@/lib/session";

// Lazily loaded screens can take more than the default 1 s to appear on a loaded CI machine.
configure({ asyncUtilTimeout: 5000 });

// jsdom has no layout: scrolling is a no-op here (the e2e tests cover it in Chromium).
window.scrollTo = () => undefined;
// antd-mobile's number keyboard scrolls its input into view after a timer, which may fire after a test ends.
Element.prototype.scrollIntoView = () => undefined;

beforeEach(() => {
  localStorage.clear();
  reloadSession();
});
// Each test starts on an empty page: popups antd-mobile renders outside the test's container (dialogs) go too.
afterEach(() => {
  cleanup();
  Dialog.clear();
  document.body.replaceChildren();
});
