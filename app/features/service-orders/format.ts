import { intlLocale } from "~/lib/i18n/config";

/** Dates and money in the reader's language (Intl), one choice everywhere. */
export function formatDate(iso: string, language: string, withTime = false): string {
  return new Intl.DateTimeFormat(intlLocale(language), withTime ? { dateStyle: "medium", timeStyle: "short" } : { dateStyle: "medium" }).format(new Date(iso));
}

/** A due date (YYYY-MM-DD) as a calendar day, not shifted by the reader's time zone. */
export function formatDay(day: string, language: string): string {
  return new Intl.DateTimeFormat(intlLocale(language), { dateStyle: "medium", timeZone: "UTC" }).format(new Date(`${day}T00:00:00Z`));
}

export function formatMoney(cents: number, language: string): string {
  return new Intl.NumberFormat(intlLocale(language), { style: "currency", currency: "USD" }).format(cents / 100);
}

export function formatBytes(bytes: number, language: string): string {
  const units = ["byte", "kilobyte", "megabyte"] as const;
  let value = bytes;
  let unit = 0;
  while (value >= 1024 && unit < units.length - 1) {
    value /= 1024;
    unit += 1;
  }
  return new Intl.NumberFormat(intlLocale(language), { style: "unit", unit: units[unit], unitDisplay: "short", maximumFractionDigits: unit === 0 ? 0 : 1 }).format(value);
}
