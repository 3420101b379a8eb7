/**
 * Amount input checks with exact decimal string arithmetic (no floats): the form compares the typed amount with
 * the balance and the minimum that the server sent. Fees and totals are never computed here (the server does it).
 */

/** What an amount field accepts: digits with at most 2 decimals ("12", "12.5", "12.50"). */
const AMOUNT = /^\d{1,15}(\.\d{0,2})?$/;

/** The typed amount, trimmed, or null when it is not an amount. */
export function parseAmount(raw: string): string | null {
  const value = raw.trim();
  return AMOUNT.test(value) ? value : null;
}

/** A decimal string ("-12.3", "1000.00") as integer cents; null when it has more than 2 decimals. */
function toCents(value: string): bigint | null {
  const match = /^(-?)(\d*)(?:\.(\d{0,2}))?$/.exec(value.trim());
  if (!match || (match[2] === "" && !match[3])) return null;
  const cents = BigInt(match[2] || "0") * 100n + BigInt((match[3] ?? "").padEnd(2, "0"));
  return match[1] ? -cents : cents;
}

/** -1, 0 or 1 as a < b, a = b, a > b, exactly. Throws on a value that is not a 2-decimal amount. */
export function compareAmounts(a: string, b: string): -1 | 0 | 1 {
  const x = toCents(a);
  const y = toCents(b);
  if (x === null || y === null) throw new Error(`not an amount: ${x === null ? a : b}`);
  return x < y ? -1 : x > y ? 1 : 0;
}

/** True for an amount above zero ("0.01"), false for "0", "0.00" or "". */
export function isPositiveAmount(value: string): boolean {
  const amount = parseAmount(value);
  return amount !== null && compareAmounts(amount, "0") > 0;
}
