import { QueryClientProvider } from "@tanstack/react-query";
import { render, screen, within } from "@testing-library/react";
import { IntlProvider } from "react-intl";
import { describe, expect, it, vi } from "vitest";
import { createQueryClient } from "@/lib/api";
import type { Level, LevelPage } from "../api";
import { LevelList } from "./LevelList";

const level = (rank: number, margin: string, extra: Partial<Level> = {}): Level => ({
  id: rank,
  rank,
  name: `Level ${rank}`,
  image: null,
  profit_margin: margin,
  product_quantity: 20 * rank,
  upgrade_price: `${100 * (rank - 1)}.00`,
  upgrade_cost: null,
  is_current: false,
  upcoming: null,
  ...extra,
});

const upcoming = { effective_from: "2026-12-04T12:00:00+00:00", profit_margin: "0.0100", product_quantity: 40, upgrade_price: "100.00" };

function renderLevels(list: Level[]) {
  const page: LevelPage = { total: list.length, list, page: 1, limit: 100, current_level_id: 2 };
  vi.stubGlobal("fetch", vi.fn().mockResolvedValue(new Response(JSON.stringify({ code: 1, msg: "", data: page }))));
  render(
    <QueryClientProvider client={createQueryClient()}>
      <IntlProvider locale="en" messages={{}}>
        <LevelList action={() => null} />
      </IntlProvider>
    </QueryClientProvider>,
  );
}

describe("LevelList", () => {
  it("shows a level's announced change, and that the merchant keeps the terms it paid for", async () => {
    renderLevels([
      level(1, "0.1000"),
      level(2, "0.1500", { is_current: true, upcoming }),
      level(3, "0.2000", { upgrade_cost: "100.00", upcoming: { ...upcoming, profit_margin: "0.2500" } }),
    ]);
    const mine = await screen.findByTestId("level-upcoming-2");
    expect(mine.textContent).toMatch(/^New terms from Dec 4, 2026.*: profit margin 1%, 40 products, upgrade price \$100\.00\./);
    expect(mine.textContent).toContain("You keep the terms you paid for.");
    // The merchant's own card still shows the terms it has.
    expect(within(screen.getByTestId("level-card-2")).getByText("15%")).toBeTruthy();
    // A level it could buy: buying before the date buys the terms shown.
    expect(screen.getByTestId("level-upcoming-3").textContent).toContain("An upgrade before then buys the terms shown above");
    expect(screen.queryByTestId("level-upcoming-1")).toBeNull();
  });
});
