/**
 * Money arrives as 2-decimal strings ("12.30"); the browser only formats it, never computes with it.
 * Intl.NumberFormat takes the decimal string itself, so no float rounding happens.
 */
import { useIntl } from "react-intl";

export function formatMoney(value: string | null | undefined, locale: string): string {
  if (value === null || value === undefined || value === "") return "";
  const formatter = new Intl.NumberFormat(locale, { minimumFractionDigits: 2, maximumFractionDigits: 2 });
  return formatter.format(value as Intl.StringNumericLiteral);
}

/** An ISO 8601 time from the server, in the merchant's locale and the browser's time zone. */
export function formatDateTime(value: string | null | undefined, locale: string): string {
  if (!value) return "";
  return new Intl.DateTimeFormat(locale, { dateStyle: "medium", timeStyle: "short" }).format(new Date(value));
}

/** The formatters bound to the active locale. */
export function useFormat() {
  const { locale } = useIntl();
  return {
    money: (value: string | null | undefined) => formatMoney(value, locale),
    dateTime: (value: string | null | undefined) => formatDateTime(value, locale),
  };
}
