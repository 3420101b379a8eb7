/** Dates from the figures API, formatted in the interface language: the server counted them in the shop's zone. */

/** "2026-11-20" (a local date of the shop) as the interface language writes a short date. */
export function formatDay(day: string, locale: string, style: Intl.DateTimeFormatOptions = { month: "numeric", day: "numeric" }) {
  return new Intl.DateTimeFormat(locale, { ...style, timeZone: "UTC" }).format(new Date(`${day}T00:00:00Z`));
}

/** An hour of today ("2026-11-20T13:00:00+07:00") as the interface language writes it, in the shop's zone. */
export function formatHour(at: string, locale: string, zone: string) {
  return new Intl.DateTimeFormat(locale, { hour: "numeric", timeZone: zone }).format(new Date(at));
}
