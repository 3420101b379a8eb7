import { QueryClientProvider } from "@tanstack/react-query";
import { cleanup, fireEvent, render, screen } from "@testing-library/react";
import { IntlProvider } from "react-intl";
import { MemoryRouter, Route, Routes, useLocation } from "react-router-dom";
import { afterEach, describe, expect, it, vi } from "vitest";
import { createQueryClient } from "@/lib/api";
import SettingupScreen from "./Settingup";

function Where() {
  return <div data-testid="where">{useLocation().pathname}</div>;
}

afterEach(() => vi.restoreAllMocks());

describe("/settingup", () => {
  it("is a settings screen: each row opens its setting", async () => {
    const info = { has_pay_password: false, level: { name: "Gold" } };
    vi.spyOn(globalThis, "fetch").mockImplementation(() =>
      Promise.resolve(new Response(JSON.stringify({ code: 1, msg: "ok", data: info }), { status: 200 })),
    );
    const mount = () =>
      render(
      <QueryClientProvider client={createQueryClient()}>
        <IntlProvider locale="en" messages={{}}>
          <MemoryRouter initialEntries={["/settingup"]}>
            <Routes>
              <Route path="/settingup" element={<SettingupScreen />} />
              <Route path="*" element={<Where />} />
            </Routes>
          </MemoryRouter>
        </IntlProvider>
      </QueryClientProvider>,
      );
    mount();
    expect(await screen.findByText("Not set")).toBeTruthy(); // the payment password, with its state
    expect(screen.getByText("Gold")).toBeTruthy();
    expect(screen.getByTestId("language-row").textContent).toContain("Language");
    for (const [label, path] of [
      ["Personal information", "/personalInfo"],
      ["Shop settings", "/setting"],
      ["Shop level", "/level"],
      ["Change login password", "/changeLoginPassword"],
      ["Change payment password", "/changePayPassword"],
      ["Set payment password", "/setPaypwd"],
      ["Terms", "/terms"],
    ]) {
      cleanup();
      mount();
      fireEvent.click(await screen.findByText(label));
      expect((await screen.findByTestId("where")).textContent).toBe(path);
    }
  });
});
