import { intlLocale } from "~/lib/i18n/config";

/** A notification's time in the reader's language, e.g. "Nov 22, 2026, 11:09 AM". */
export function formatNotificationTime(iso: string, language: string): string {
  return new Intl.DateTimeFormat(intlLocale(language), { dateStyle: "medium", timeStyle: "short" }).format(new Date(iso));
}
