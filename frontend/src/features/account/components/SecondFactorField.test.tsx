import { useState } from "react";
import { fireEvent, render, screen } from "@testing-library/react";
import { IntlProvider } from "react-intl";
import { describe, expect, it } from "vitest";
import { SecondFactorField } from "./SecondFactorField";

function Harness() {
  const [value, setValue] = useState("");
  return (
    <IntlProvider locale="en" messages={{}}>
      <SecondFactorField value={value} onChange={setValue} />
      <output data-testid="value">{value}</output>
    </IntlProvider>
  );
}

describe("SecondFactorField", () => {
  it("keeps only digits of an app code, and takes a recovery code after the switch", () => {
    render(<Harness />);
    const input = screen.getByPlaceholderText("6-digit code");
    expect(screen.getByText("The code your authenticator app shows for this shop account.")).toBeTruthy();
    fireEvent.change(input, { target: { value: "12 34-56" } });
    expect(screen.getByTestId("value").textContent).toBe("123456");

    fireEvent.click(screen.getByRole("button", { name: "Use a recovery code" }));
    expect(screen.getByTestId("value").textContent).toBe(""); // switching clears what was typed
    const recovery = screen.getByPlaceholderText("Recovery code");
    expect(recovery.getAttribute("inputmode")).toBe("text");
    fireEvent.change(recovery, { target: { value: "abcd-efgh-jk" } });
    expect(screen.getByTestId("value").textContent).toBe("abcd-efgh-jk");
    expect(screen.getByText("One of the recovery codes you saved. Each works only once.")).toBeTruthy();

    fireEvent.click(screen.getByRole("button", { name: "Use the authenticator app" }));
    expect(screen.getByPlaceholderText("6-digit code").getAttribute("inputmode")).toBe("numeric");
  });
});
