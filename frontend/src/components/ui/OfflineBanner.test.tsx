import { act } from "react";
import { onlineManager, QueryClientProvider, useQuery } from "@tanstack/react-query";
import { render, screen } from "@testing-library/react";
import { IntlProvider } from "react-intl";
import { afterEach, describe, expect, it } from "vitest";
import { createQueryClient } from "@/lib/api";
import { OfflineBanner } from "./OfflineBanner";

/** A screen showing a read (what the banner's time is of). */
function Orders() {
  useQuery({ queryKey: ["orders"], queryFn: () => new Promise<never>(() => undefined) });
  return null;
}

describe("the offline banner", () => {
  afterEach(() => act(() => onlineManager.setOnline(true)));

  it("says when the data on screen was read", () => {
    const client = createQueryClient();
    const today = new Date();
    today.setHours(14, 5, 0, 0);
    client.setQueryData(["orders"], { list: [] }, { updatedAt: today.getTime() });
    render(
      <QueryClientProvider client={client}>
        <IntlProvider locale="en" timeZone={Intl.DateTimeFormat().resolvedOptions().timeZone} onError={() => undefined}>
          <OfflineBanner />
          <Orders />
        </IntlProvider>
      </QueryClientProvider>,
    );
    expect(screen.queryByTestId("offline-banner")).toBeNull();

    act(() => onlineManager.setOnline(false));
    expect(screen.getByTestId("offline-data-time").textContent).toBe("Data from 2:05 PM: shown as it was, read-only");

    act(() => onlineManager.setOnline(true));
    expect(screen.queryByTestId("offline-banner")).toBeNull();
  });
});
