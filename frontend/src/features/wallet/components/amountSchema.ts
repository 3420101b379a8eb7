import { z } from "zod";
import type { IntlShape } from "react-intl";
import { compareAmounts, isPositiveAmount, parseAmount } from "@/lib/money/amount";
import { walletMessages as m } from "./messages";

type Limits = {
  max?: string;
  min?: string;
  /** Whose minimum `min` is, for its message ("The minimum withdrawal is …" / "The minimum deposit is …"). */
  minOf?: "withdrawal" | "deposit";
  maximum?: string;
  formatMoney?: (value: string) => string;
};

/**
 * The amount field of the wallet forms: required, a 2-decimal amount, "Cannot be zero", and optionally
 * "Cannot exceed balance" (max), the minimum and the operation's maximum (the server's bound), compared exactly
 * with the server's strings.
 */
export function amountSchema(
  intl: IntlShape,
  { max, min, minOf = "withdrawal", maximum, formatMoney = (v) => v }: Limits = {},
) {
  const belowMinimum = minOf === "deposit" ? m.belowDepositMinimum : m.belowMinimum;
  return z
    .string()
    .trim()
    .min(1, intl.formatMessage(m.amountRequired))
    .refine((value) => parseAmount(value) !== null, intl.formatMessage(m.amountInvalid))
    .refine((value) => parseAmount(value) === null || isPositiveAmount(value), intl.formatMessage(m.cannotBeZero))
    .refine(
      (value) => max === undefined || !isPositiveAmount(value) || compareAmounts(value, max) <= 0,
      intl.formatMessage(m.exceedsBalance),
    )
    .refine(
      (value) => min === undefined || !isPositiveAmount(value) || compareAmounts(value, min) >= 0,
      intl.formatMessage(belowMinimum, { minimum: min === undefined ? "" : formatMoney(min) }),
    )
    .refine(
      (value) => maximum === undefined || !isPositiveAmount(value) || compareAmounts(value, maximum) <= 0,
      intl.formatMessage(m.aboveMaximum, { maximum: maximum === undefined ? "" : formatMoney(maximum) }),
    );
}
