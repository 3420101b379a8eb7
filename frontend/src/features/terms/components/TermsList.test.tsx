import { QueryClientProvider } from "@tanstack/react-query";
import { fireEvent, render, screen, within } from "@testing-library/react";
import { IntlProvider } from "react-intl";
import { describe, expect, it, vi } from "vitest";
import { createQueryClient } from "@/lib/api";
import type { TermsData, TermsVersion } from "../api";
import { TermsList } from "./TermsList";

const version = (id: number, from: string, margin: string, note = ""): TermsVersion => ({
  id,
  effective_from: from,
  announced_at: "2026-11-20T10:00:00+00:00",
  change_note: note,
  values: [
    { name: "Name", value: "Silver" },
    { name: "Profit margin", value: margin },
  ],
});

const TERMS: TermsData = {
  notice_days: 7,
  kinds: [
    {
      kind: "shop.level",
      title: "Levels",
      in_force: [version(2, "2026-01-01T00:00:00+00:00", "15 %")],
      upcoming: [version(3, "2026-12-04T12:00:00+00:00", "1 %", "Silver margin lowered")],
      past: [version(1, "2025-06-01T00:00:00+00:00", "12 %")],
      past_total: 1,
    },
    {
      kind: "alliance.referralrate",
      title: "Referral rates",
      in_force: [{ ...version(5, "2026-01-01T00:00:00+00:00", ""), values: [{ name: "Rate (%)", value: "5.00" }] }],
      upcoming: [],
      past: [],
      past_total: 0,
    },
  ],
};

function renderTerms(data: TermsData) {
  const fetchMock = vi.fn().mockResolvedValue(new Response(JSON.stringify({ code: 1, msg: "", data })));
  vi.stubGlobal("fetch", fetchMock);
  render(
    <QueryClientProvider client={createQueryClient()}>
      <IntlProvider locale="en" messages={{}}>
        <TermsList />
      </IntlProvider>
    </QueryClientProvider>,
  );
  return fetchMock;
}

describe("TermsList", () => {
  it("shows each kind's terms in force, marks an announced change with its date, and keeps the history", async () => {
    const fetchMock = renderTerms(TERMS);

    const levels = await screen.findByTestId("terms-kind-shop.level");
    expect(fetchMock.mock.calls[0][0]).toBe("/merchant/merchant/terms");
    expect(screen.getByText(/at least 7 days before it applies/)).toBeTruthy();
    // The change to come: marked, with the date it applies from, its values and the operators' note.
    const upcoming = within(levels).getByTestId("terms-upcoming");
    expect(within(upcoming).getByText("Upcoming change")).toBeTruthy();
    expect(within(upcoming).getByText(/^Applies from Dec 4, 2026/)).toBeTruthy();
    expect(within(upcoming).getByText("1 %")).toBeTruthy();
    expect(within(upcoming).getByText("Silver margin lowered")).toBeTruthy();
    expect(within(levels).getByText("1 change announced")).toBeTruthy();
    // In force now.
    const inForce = within(levels).getByTestId("terms-in-force");
    expect(within(inForce).getByText("Profit margin")).toBeTruthy();
    expect(within(inForce).getByText("15 %")).toBeTruthy();
    // The history opens on a tap.
    expect(within(levels).queryByText("12 %")).toBeNull();
    fireEvent.click(within(levels).getByText("1 earlier version"));
    expect(await within(levels).findByText("12 %")).toBeTruthy();

    // A kind with nothing announced has no mark.
    const rates = screen.getByTestId("terms-kind-alliance.referralrate");
    expect(within(rates).queryByTestId("terms-upcoming")).toBeNull();
    expect(within(rates).getByText("5.00")).toBeTruthy();
  });

  it("says so when there are no published terms", async () => {
    renderTerms({ notice_days: 7, kinds: [] });
    expect(await screen.findByText("No published terms yet.")).toBeTruthy();
  });
});
