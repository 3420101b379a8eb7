/**
 * Money arrives as 2-decimal strings ("12.30"); the browser only formats it, never computes with it.
 * Intl.NumberFormat takes the decimal string itself, so no float rounding happens.
 */
import { useMemo } from "react";
import { useIntl } from "react-intl";

/** The platform currency every balance, price and record is kept in: the shell's `<meta name="currency">`. */
export function platformCurrency(): string {
  return document.querySelector<HTMLMetaElement>('meta[name="currency"]')?.content || "USD";
}

/**
 * An amount with its currency in `locale` ("$1,234.50", "1 234,50 $", "US$1,234.50"). A code that is not an ISO
 * 4217 currency (a chain token such as USDT) follows the number: "1,234.50 USDT". `short`: an axis's amount.
 */
export function formatMoney(
  value: string | null | undefined,
  locale: string,
  currency = platformCurrency(),
  { short = false }: { short?: boolean } = {},
): string {
  if (value === null || value === undefined || value === "") return "";
  const amount = value as Intl.StringNumericLiteral;
  // short: a chart axis's round amount, compact and without trailing zeros ("$1.5K", "0,5 $", "1,5 тыс. $").
  const digits: Intl.NumberFormatOptions = short
    ? { notation: "compact", maximumSignificantDigits: 3 }
    : { minimumFractionDigits: 2, maximumFractionDigits: 2 };
  if (/^[A-Z]{3}$/.test(currency))
    return new Intl.NumberFormat(locale, { ...digits, style: "currency", currency }).format(amount);
  return `${new Intl.NumberFormat(locale, digits).format(amount)} ${currency}`;
}

/** An ISO 8601 time from the server, in the merchant's locale and the browser's time zone. */
export function formatDateTime(value: string | null | undefined, locale: string): string {
  if (!value) return "";
  return new Intl.DateTimeFormat(locale, { dateStyle: "medium", timeStyle: "short" }).format(new Date(value));
}

/** The formatters bound to the active locale; `money` is in the platform currency unless a token is named;
 * `moneyShort`, an axis's round amount. */
export function useFormat() {
  const { locale } = useIntl();
  return useMemo(
    () => ({
      money: (value: string | null | undefined, currency?: string) => formatMoney(value, locale, currency),
      moneyShort: (value: string) => formatMoney(value, locale, undefined, { short: true }),
      dateTime: (value: string | null | undefined) => formatDateTime(value, locale),
    }),
    [locale],
  );
}
