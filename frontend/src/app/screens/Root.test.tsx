import { QueryClientProvider } from "@tanstack/react-query";
import { fireEvent, render, screen, waitFor } from "@testing-library/react";
import { MemoryRouter, Route, Routes, useLocation } from "react-router-dom";
import { describe, expect, it, vi } from "vitest";
import { createQueryClient } from "@/lib/api";
import { IntlRoot } from "@/lib/intl";
import { getSession, updateSession } from "@/lib/session";
import RootScreen from "./Root";

function renderRoot(url: string) {
  updateSession({ lang: "en" });
  render(
    <QueryClientProvider client={createQueryClient()}>
      <IntlRoot>
        <MemoryRouter initialEntries={[url]} future={{ v7_startTransition: true, v7_relativeSplatPath: true }}>
          <Routes>
            <Route path="/" element={<RootScreen />} />
            <Route path="*" element={<Where />} />
          </Routes>
        </MemoryRouter>
      </IntlRoot>
    </QueryClientProvider>,
  );
}

function Where() {
  return <p data-testid="at">{useLocation().pathname}</p>;
}

describe("root: third-party sign-in", () => {
  it("signs in with data, code and mer and goes to path", async () => {
    const fetchMock = vi.fn().mockResolvedValue(
      new Response(JSON.stringify({ code: 1, msg: "", data: { status: 1, merinfo: { token: "partner-tok" } } })),
    );
    vi.stubGlobal("fetch", fetchMock);
    renderRoot("/?data=signed&code=c1&mer=m1&path=/order");

    expect((await screen.findByTestId("at")).textContent).toBe("/order");
    const [url, init] = fetchMock.mock.calls[0];
    expect(url).toBe("/merchant/merchant/third");
    expect(JSON.parse(init.body)).toEqual({ data: "signed", code: "c1", mer: "m1", device: localStorage.getItem("device") });
    expect(getSession().token).toBe("partner-tok");
    expect(localStorage.getItem("data")).toBeNull();
  });

  it("asks the second step when the account has two-step sign-in and this device has not passed it", async () => {
    const answers = [
      { code: 1, msg: "", data: { status: 2, second_factor: { ticket: "t1", methods: ["totp", "recovery"] } } },
      { code: 1, msg: "Login successful", data: { merinfo: { token: "factor-tok" } } },
    ];
    const fetchMock = vi.fn(() => Promise.resolve(new Response(JSON.stringify(answers.shift()))));
    vi.stubGlobal("fetch", fetchMock);
    renderRoot("/?data=signed&code=c1&mer=m1&path=/order");

    fireEvent.change(await screen.findByPlaceholderText("6-digit code"), { target: { value: "123456" } });
    expect(getSession().token).not.toBe("factor-tok");
    fireEvent.click(screen.getByRole("button", { name: "Verify and sign in" }));
    expect((await screen.findByTestId("at")).textContent).toBe("/order");
    const [url, init] = fetchMock.mock.calls[1] as unknown as [string, RequestInit];
    expect(url).toBe("/merchant/merchant/login_factor");
    expect(JSON.parse(init.body as string)).toEqual({ device: localStorage.getItem("device"), ticket: "t1", code: "123456" });
    expect(getSession().token).toBe("factor-tok");
  });

  it.each(["/\\evil.example", "//evil.example", "https://evil.example", "/nowhere"])(
    "goes to /home when path %s is not a screen of the app",
    async (path) => {
      vi.stubGlobal(
        "fetch",
        vi.fn().mockResolvedValue(
          new Response(JSON.stringify({ code: 1, msg: "", data: { status: 1, merinfo: { token: "partner-tok" } } })),
        ),
      );
      renderRoot(`/?data=signed&code=c1&mer=m1&path=${encodeURIComponent(path)}`);

      expect((await screen.findByTestId("at")).textContent).toBe("/home");
      expect(getSession().token).toBe("partner-tok");
    },
  );

  it("keeps data in localStorage and stays when the identity is not linked (status 0)", async () => {
    vi.stubGlobal(
      "fetch",
      vi.fn().mockResolvedValue(new Response(JSON.stringify({ code: 1, msg: "", data: { status: 0 } }))),
    );
    renderRoot("/?data=signed&code=c1&mer=m1");

    expect(await screen.findByText("Your partner account is not linked to a shop yet.")).toBeTruthy();
    expect(localStorage.getItem("data")).toBe("signed");
    expect(getSession().token).toBe("");
  });

  it("without data goes to /login without calling the server", async () => {
    const fetchMock = vi.fn();
    vi.stubGlobal("fetch", fetchMock);
    renderRoot("/");
    expect((await screen.findByTestId("at")).textContent).toBe("/login");
    await waitFor(() => expect(fetchMock).not.toHaveBeenCalled());
  });
});
