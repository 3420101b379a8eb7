import { act, fireEvent, render, screen, waitFor } from "@testing-library/react";
import { IntlProvider } from "react-intl";
import { describe, expect, it, vi } from "vitest";
import { PayPasswordPopup } from "./PayPasswordPopup";

describe("PayPasswordPopup", () => {
  it("submits once six digits are typed on its keyboard", async () => {
    const onSubmit = vi.fn();
    render(
      <IntlProvider locale="en" messages={{}}>
        <PayPasswordPopup visible action="Withdrawal" amount="$12.50" onClose={() => undefined} onSubmit={onSubmit} />
      </IntlProvider>,
    );
    expect(await screen.findByText("Please enter the payment password")).toBeTruthy();
    // What is paid and how much, on the prompt itself.
    expect(screen.getByText("Withdrawal")).toBeTruthy();
    expect(screen.getByTestId("pay-password-amount").textContent).toBe("$12.50");
    // The number keyboard opens by itself once the popup has been shown (no tap on the boxes needed).
    expect((await screen.findAllByText("2", undefined, { timeout: 3000 })).length).toBeGreaterThan(0);
    for (const digit of "24681") {
      act(() => {
        fireEvent.click(screen.getAllByText(digit).at(-1)!);
      });
    }
    expect(onSubmit).not.toHaveBeenCalled();
    act(() => {
      fireEvent.click(screen.getAllByText("0").at(-1)!);
    });
    expect(onSubmit).toHaveBeenCalledWith("246810");
  });

  it("opens its number keyboard by itself when shown after being hidden", async () => {
    const ui = (visible: boolean) => (
      <IntlProvider locale="en" messages={{}}>
        <PayPasswordPopup visible={visible} action="Withdrawal" amount="$1.00" onClose={() => undefined} onSubmit={() => undefined} />
      </IntlProvider>
    );
    const { rerender } = render(ui(false));
    rerender(ui(true));
    expect((await screen.findAllByText("2", undefined, { timeout: 3000 })).length).toBeGreaterThan(0);
  });

  it("closes its number keyboard when hidden (it would stay over the screen)", async () => {
    const ui = (visible: boolean) => (
      <IntlProvider locale="en" messages={{}}>
        <PayPasswordPopup visible={visible} action="Withdrawal" amount="$1.00" onClose={() => undefined} onSubmit={() => undefined} />
      </IntlProvider>
    );
    const { rerender } = render(ui(true));
    // The keyboard is shown while the passcode input has the focus.
    await waitFor(() => expect(document.querySelector(".adm-passcode-input-focused")).not.toBeNull(), { timeout: 3000 });
    rerender(ui(false));
    await waitFor(() => expect(document.querySelector(".adm-passcode-input-focused")).toBeNull());
  });

  it("has a way to cancel", async () => {
    const onClose = vi.fn();
    render(
      <IntlProvider locale="en" messages={{}}>
        <PayPasswordPopup visible action="Withdrawal" amount="$1.00" onClose={onClose} onSubmit={() => undefined} />
      </IntlProvider>,
    );
    fireEvent.click(await screen.findByTestId("pay-password-cancel"));
    expect(onClose).toHaveBeenCalled();
  });
});
