/**
 * What antd-mobile's own markup leaves out for assistive technology (axe-core rates each "serious" or "critical"),
 * added to the DOM as it changes, for every screen at once:
 * - a dialog (Dialog, Modal: `.adm-center-popup-wrap[role=dialog]`) has no name: it is named by its title, or by
 *   its content when it has none;
 * - an action sheet's items are `role="option"` outside any list box: they are actions, so they become buttons;
 * - a tab list that scrolls sideways (Tabs, CapsuleTabs) cannot be reached by keyboard: it takes the focus;
 * - an image uploader's preview has no alt: the field's label says what it is, so it is decorative.
 */
function fix(root: ParentNode): void {
  for (const dialog of root.querySelectorAll<HTMLElement>(".adm-center-popup-wrap[role=dialog]:not([aria-labelledby])")) {
    const title = dialog.querySelector<HTMLElement>(".adm-dialog-title, .adm-modal-title");
    const label = title ?? dialog.querySelector<HTMLElement>(".adm-dialog-content, .adm-modal-content");
    if (!label || dialog.hasAttribute("aria-label")) continue;
    label.id ||= `a11y-dialog-${Math.random().toString(36).slice(2)}`;
    dialog.setAttribute("aria-labelledby", label.id);
  }
  for (const item of root.querySelectorAll<HTMLElement>(".adm-action-sheet-button-item[role=option]")) {
    item.setAttribute("role", "button");
  }
  for (const cancel of root.querySelectorAll<HTMLElement>(".adm-action-sheet-cancel[role=option]")) {
    cancel.removeAttribute("role"); // a wrapper: the item inside it is the button
    cancel.removeAttribute("aria-label");
    cancel.querySelector(".adm-action-sheet-button-item")?.setAttribute("role", "button");
  }
  for (const tabs of root.querySelectorAll<HTMLElement>(".adm-tabs-tab-list:not([tabindex]), .adm-capsule-tabs-tab-list:not([tabindex])")) {
    tabs.tabIndex = 0;
  }
  for (const image of root.querySelectorAll<HTMLImageElement>(".adm-image-uploader-cell-image img:not([alt])")) {
    image.alt = "";
  }
}

export function installA11yFixes(): void {
  let queued = false;
  const run = () => {
    queued = false;
    fix(document);
  };
  run();
  new MutationObserver(() => {
    if (!queued) {
      queued = true;
      queueMicrotask(run); // once per batch of changes, before the browser draws them
    }
  }).observe(document.body, { childList: true, subtree: true });
}
