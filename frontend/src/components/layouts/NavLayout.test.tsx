import { render, screen } from "@testing-library/react";
import { IntlProvider } from "react-intl";
import { MemoryRouter } from "react-router-dom";
import { describe, expect, it } from "vitest";
import ru from "../../../../locale/ru/frontend.json";
import { NavLayout } from "./NavLayout";

describe("NavLayout", () => {
  it("names the back arrow in the reader's language (a screen reader says what the button does)", () => {
    render(
      <IntlProvider locale="ru" messages={ru}>
        <MemoryRouter>
          <NavLayout title="Финансы">body</NavLayout>
        </MemoryRouter>
      </IntlProvider>,
    );
    expect(screen.getByRole("button", { name: ru["common.back"] })).toBeTruthy();
  });
});
