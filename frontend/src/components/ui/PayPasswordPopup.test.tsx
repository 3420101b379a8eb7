import { act, fireEvent, render, screen, waitFor } from "@testing-library/react";
import { IntlProvider } from "react-intl";
import { describe, expect, it, vi } from "vitest";
import { ApiError } from "@/lib/api";
import { toast } from "@/lib/toast";
import { PayPasswordPopup } from "./PayPasswordPopup";

async function type(digits: string) {
  await screen.findAllByText("2", undefined, { timeout: 3000 });
  for (const digit of digits) {
    act(() => {
      fireEvent.click(screen.getAllByText(digit).at(-1)!);
    });
  }
}

/** The boxes' digits as drawn (antd-mobile draws a filled box as a dot: its count). */
function filledBoxes(): number {
  return document.querySelectorAll(".adm-passcode-input-cell-dot").length;
}

describe("PayPasswordPopup", () => {
  it("submits once six digits are typed on its keyboard", async () => {
    const onSubmit = vi.fn(() => Promise.resolve());
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
        <PayPasswordPopup visible={visible} action="Withdrawal" amount="$1.00" onClose={() => undefined} onSubmit={() => Promise.resolve()} />
      </IntlProvider>
    );
    const { rerender } = render(ui(false));
    rerender(ui(true));
    expect((await screen.findAllByText("2", undefined, { timeout: 3000 })).length).toBeGreaterThan(0);
  });

  it("closes its number keyboard when hidden (it would stay over the screen)", async () => {
    const ui = (visible: boolean) => (
      <IntlProvider locale="en" messages={{}}>
        <PayPasswordPopup visible={visible} action="Withdrawal" amount="$1.00" onClose={() => undefined} onSubmit={() => Promise.resolve()} />
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
        <PayPasswordPopup visible action="Withdrawal" amount="$1.00" onClose={onClose} onSubmit={() => Promise.resolve()} />
      </IntlProvider>,
    );
    fireEvent.click(await screen.findByTestId("pay-password-cancel"));
    expect(onClose).toHaveBeenCalled();
  });

  it("keeps itself open after a wrong password: the boxes cleared, the message with the tries left inside, no toast", async () => {
    const fail = vi.spyOn(toast, "fail");
    const wrong = new ApiError(0, "Wrong payment password. 4 tries left.", { error: 1010, tries_left: 4 });
    const onSubmit = vi.fn().mockRejectedValueOnce(wrong).mockResolvedValueOnce(undefined);
    const onClose = vi.fn();
    render(
      <IntlProvider locale="en" messages={{}}>
        <PayPasswordPopup visible action="Withdrawal" amount="$1.00" onClose={onClose} onSubmit={onSubmit} />
      </IntlProvider>,
    );
    await type("11111");
    expect(filledBoxes()).toBe(5);
    await type("1");
    expect((await screen.findByTestId("pay-password-refusal")).textContent).toBe("Wrong payment password. 4 tries left.");
    expect(onClose).not.toHaveBeenCalled();
    expect(screen.getByText("Please enter the payment password")).toBeTruthy();
    expect(filledBoxes()).toBe(0);
    await new Promise((resolve) => setTimeout(resolve, 10));
    expect(fail).not.toHaveBeenCalled();
    // The next try goes through, from empty boxes.
    await type("246810");
    expect(onSubmit).toHaveBeenLastCalledWith("246810");
    fail.mockRestore();
  });

  it("closes after any other refusal (its screen says why)", async () => {
    const low = new ApiError(0, "Your balance is too low.", { error: 1006 });
    const onClose = vi.fn();
    render(
      <IntlProvider locale="en" messages={{}}>
        <PayPasswordPopup visible action="Withdrawal" amount="$1.00" onClose={onClose} onSubmit={() => Promise.reject(low)} />
      </IntlProvider>,
    );
    await type("246810");
    await waitFor(() => expect(onClose).toHaveBeenCalled());
    expect(screen.queryByTestId("pay-password-refusal")).toBeNull();
  });
});
