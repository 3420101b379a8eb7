import { QueryClientProvider } from "@tanstack/react-query";
import { fireEvent, render, screen } from "@testing-library/react";
import { IntlProvider } from "react-intl";
import { afterEach, describe, expect, it, vi } from "vitest";
import { createQueryClient } from "@/lib/api";
import SalesCurve from "./SalesCurve";

const answer = (data: unknown) => new Response(JSON.stringify({ code: 1, msg: "", data }), { status: 200 });

const TODAY = {
  range: "today",
  time_zone: "Asia/Bangkok",
  points: [0, 1, 2].map((hour) => ({ at: `2026-11-27T0${hour}:00:00+07:00`, orders: hour, sales: `${hour}.00` })),
};
const SEVEN = {
  range: "seven",
  time_zone: "Asia/Bangkok",
  points: [21, 22, 23, 24, 25, 26, 27].map((day) => ({ at: `2026-11-${day}`, orders: 1, sales: "12.00" })),
};

afterEach(() => vi.unstubAllGlobals());

describe("SalesCurve", () => {
  it("keeps today's hourly points out of the 7 days while they load, then draws the days", async () => {
    let answerSeven: (response: Response) => void = () => undefined;
    vi.stubGlobal(
      "fetch",
      vi.fn((url: string) =>
        url.includes("range=seven")
          ? new Promise<Response>((resolve) => (answerSeven = resolve)) // pending until the test answers
          : Promise.resolve(answer(TODAY)),
      ),
    );
    render(
      <QueryClientProvider client={createQueryClient()}>
        <IntlProvider locale="en" messages={{}}>
          <SalesCurve />
        </IntlProvider>
      </QueryClientProvider>,
    );
    expect(await screen.findByTestId("sales-chart")).toBeTruthy();

    // Tapped while the 7 days are not answered yet: no crash (hours written as dates), the chart waits for its days.
    fireEvent.click(screen.getByText("7 days"));
    expect(screen.queryByTestId("sales-chart")).toBeNull();
    answerSeven(answer(SEVEN));
    expect(await screen.findByTestId("sales-chart")).toBeTruthy();
  });
});
