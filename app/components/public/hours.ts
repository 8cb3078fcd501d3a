import type { OpeningHours } from "~/core/office/firm";
import { intlLocale } from "~/lib/i18n/config";

const DAY_INDEX: Record<string, number> = { Mo: 0, Tu: 1, We: 2, Th: 3, Fr: 4, Sa: 5, Su: 6 };
// 1 January 2024 was a Monday: day names are read from that week.
const MONDAY = Date.UTC(2024, 0, 1);

function dayName(day: string, language: string): string {
  const date = new Date(MONDAY + (DAY_INDEX[day] ?? 0) * 86_400_000);
  return new Intl.DateTimeFormat(intlLocale(language), { weekday: "long", timeZone: "UTC" }).format(date);
}

function time(value: string, language: string): string {
  const [hours, minutes] = value.split(":").map(Number);
  return new Intl.DateTimeFormat(intlLocale(language), { hour: "numeric", minute: "2-digit", timeZone: "UTC" }).format(
    new Date(Date.UTC(2024, 0, 1, hours ?? 0, minutes ?? 0)),
  );
}

/** Opening hours as readable lines in the reader's language, e.g. "Monday – Friday: 9:00 AM – 5:00 PM". */
export function formatOpeningHours(hours: OpeningHours[], language: string): Array<{ days: string; times: string }> {
  return hours.map((range) => {
    const first = range.days[0] ?? "Mo";
    const last = range.days[range.days.length - 1] ?? first;
    const days = first === last ? dayName(first, language) : `${dayName(first, language)} – ${dayName(last, language)}`;
    return { days, times: `${time(range.opens, language)} – ${time(range.closes, language)}` };
  });
}
