import { intlLocale } from "~/lib/i18n/config";

/** A service's starting price as the public pages show it: whole dollars ("$35"), in the reader's language. */
export function priceFromAmount(cents: number, language: string): string {
  return new Intl.NumberFormat(intlLocale(language), { style: "currency", currency: "USD", maximumFractionDigits: 0 }).format(cents / 100);
}
