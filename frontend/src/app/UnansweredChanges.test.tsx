import { onlineManager, QueryClientProvider, useMutation } from "@tanstack/react-query";
import { act, fireEvent, render, screen } from "@testing-library/react";
import { IntlProvider } from "react-intl";
import { Toast } from "antd-mobile";
import { afterEach, describe, expect, it, vi } from "vitest";
import { OfflineBanner } from "@/components/ui/OfflineBanner";
import { api, createQueryClient } from "@/lib/api";
import { UnansweredChanges } from "./UnansweredChanges";

/** A save as a screen makes it: a POST through the one API client. */
function SaveButton() {
  const save = useMutation({ mutationFn: () => api.post("merchant/store", { name: "Shop" } as never) });
  return (
    <button type="button" onClick={() => save.mutate()}>
      {save.isPending ? "saving" : save.isError ? "failed" : "save"}
    </button>
  );
}

function renderShell() {
  return render(
    <QueryClientProvider client={createQueryClient()}>
      <IntlProvider locale="en" onError={() => undefined}>
        <UnansweredChanges />
        <OfflineBanner />
        <SaveButton />
      </IntlProvider>
    </QueryClientProvider>,
  );
}

describe("offline", () => {
  afterEach(() => {
    act(() => onlineManager.setOnline(true));
    vi.restoreAllMocks();
  });

  it("says the app is offline, and a save fails at once without a request, saying nothing was sent", async () => {
    const fetch = vi.spyOn(globalThis, "fetch");
    const toast = vi.spyOn(Toast, "show");
    renderShell();
    expect(screen.queryByTestId("offline-banner")).toBeNull();
    act(() => onlineManager.setOnline(false));
    expect(screen.getByTestId("offline-banner").textContent).toMatch(/You are offline.*until you are back online/);

    fireEvent.click(screen.getByRole("button", { name: "save" }));
    await screen.findByRole("button", { name: "failed" });
    // Said in the banner (in the first load: a toast's chunk may not be fetchable offline), and not as "not saved".
    expect(screen.getByRole("alert").textContent).toBe(
      "You are offline: nothing was sent. Try again when you are back online.",
    );
    await new Promise((resolve) => setTimeout(resolve, 20));
    expect(toast).not.toHaveBeenCalled();
    expect(fetch).not.toHaveBeenCalled();

    // Back online: the banner goes, and the refused save is not sent behind the merchant's back.
    act(() => onlineManager.setOnline(true));
    expect(screen.queryByTestId("offline-banner")).toBeNull();
    act(() => onlineManager.setOnline(false));
    expect(screen.getByTestId("offline-banner").outerHTML).toMatch(/role="status".*You are offline\./); // a new time offline: plain notice
    act(() => onlineManager.setOnline(true));
    await new Promise((resolve) => setTimeout(resolve, 20));
    expect(fetch).not.toHaveBeenCalled();
  });
});
