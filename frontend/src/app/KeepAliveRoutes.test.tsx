import { QueryClientProvider } from "@tanstack/react-query";
import { act, fireEvent, render, screen } from "@testing-library/react";
import { MemoryRouter, useNavigate, type NavigateFunction } from "react-router-dom";
import { describe, expect, it } from "vitest";
import { createQueryClient } from "@/lib/api";
import { IntlRoot } from "@/lib/intl";
import { clearSession, signIn, updateSession } from "@/lib/session";
import { KeepAliveRoutes } from "./KeepAliveRoutes";

let navigate: NavigateFunction;
function NavigateHandle() {
  navigate = useNavigate();
  return null;
}

function renderApp(path: string) {
  updateSession({ lang: "en" });
  return render(
    <QueryClientProvider client={createQueryClient()}>
      <IntlRoot>
        <MemoryRouter initialEntries={[path]} future={{ v7_startTransition: true, v7_relativeSplatPath: true }}>
          <NavigateHandle />
          <KeepAliveRoutes />
        </MemoryRouter>
      </IntlRoot>
    </QueryClientProvider>,
  );
}

describe("keep-alive routes", () => {
  it("sends a signed-out user to /login and titles the page", async () => {
    renderApp("/home");
    expect(await screen.findByRole("button", { name: "Sign in" })).toBeTruthy();
    expect(document.title).toBe("Sign in");
  });

  it("keeps form input when a route is left and re-entered", async () => {
    renderApp("/login");
    const account = await screen.findByPlaceholderText("Enter phone number or email");
    fireEvent.change(account, { target: { value: "demo@example.com" } });

    act(() => navigate("/forgetPwd"));
    expect(await screen.findByText("Forgot password")).toBeTruthy();
    expect(document.title).toBe("Forgot password");
    act(() => navigate("/login"));

    expect((screen.getByPlaceholderText("Enter phone number or email") as HTMLInputElement).value).toBe(
      "demo@example.com",
    );
  });

  it("shows inner screens to a signed-in user and drops every kept screen on sign-out", async () => {
    signIn({ token: "tok" });
    const { container } = renderApp("/withdraw");
    expect(await screen.findByText("Withdraw", { selector: ".adm-nav-bar-title" })).toBeTruthy();
    expect(container.querySelector('[data-route="/withdraw"]')).not.toBeNull();

    act(() => clearSession());

    expect(await screen.findByRole("button", { name: "Sign in" })).toBeTruthy();
    expect(container.querySelector('[data-route="/withdraw"]')).toBeNull();
  });
});
