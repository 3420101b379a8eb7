import { createIntl } from "react-intl";
import { describe, expect, it } from "vitest";
import { amountSchema } from "./amountSchema";

const intl = createIntl({ locale: "en", messages: {} });

function firstError(schema: ReturnType<typeof amountSchema>, value: string): string | undefined {
  const result = schema.safeParse(value);
  return result.success ? undefined : result.error.issues[0].message;
}

describe("amountSchema", () => {
  it("asks for an amount, a valid one, and not zero", () => {
    const schema = amountSchema(intl);
    expect(firstError(schema, " ")).toBe("Please enter the amount");
    expect(firstError(schema, "1.234")).toBe("Enter an amount with at most 2 decimals");
    expect(firstError(schema, "0.00")).toBe("Cannot be zero");
    expect(firstError(schema, "0.01")).toBeUndefined();
  });

  it("compares with the balance and the minimum exactly", () => {
    const schema = amountSchema(intl, { max: "150.00", min: "10.00" });
    expect(firstError(schema, "150.00")).toBeUndefined();
    expect(firstError(schema, "150")).toBeUndefined();
    expect(firstError(schema, "150.01")).toBe("Cannot exceed balance");
    expect(firstError(schema, "9.99")).toBe("The minimum withdrawal is 10.00");
    expect(firstError(schema, "10")).toBeUndefined();
  });

  it("names a deposit's minimum a deposit's, not a withdrawal's (the chain deposit form)", () => {
    const schema = amountSchema(intl, { min: "10.00", minOf: "deposit" });
    expect(firstError(schema, "9.99")).toBe("The minimum deposit is 10.00");
    expect(firstError(schema, "10.00")).toBeUndefined();
  });

  it("refuses more than the operation's maximum", () => {
    const schema = amountSchema(intl, { maximum: "1000000.00" });
    expect(firstError(schema, "1000000.00")).toBeUndefined();
    expect(firstError(schema, "1000000.01")).toBe("The amount cannot be more than 1000000.00");
    expect(firstError(schema, "2000000")).toBe("The amount cannot be more than 1000000.00");
  });
});
