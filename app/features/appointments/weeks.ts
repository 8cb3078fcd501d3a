import { DateTime } from "luxon";

/**
 * Weeks laid out from the reader's first day of the week (lib/format's
 * `firstDayOfWeek()`: 7 = Sunday for a US reader, 1 = Monday in France,
 * 6 = Saturday in much of the Arab world), for the calendar and the booking
 * page's day picker. Pure functions on calendar days ("YYYY-MM-DD").
 */
export type WeekStart = number;

/** The first day of the week holding `date`. */
export function startOfWeek(date: DateTime, weekStart: WeekStart): DateTime {
  return date.startOf("day").minus({ days: (date.weekday - weekStart + 7) % 7 });
}

/** Whole weeks covering `from`..`to` (inclusive), each seven days long. */
export function weeksCovering(from: DateTime, to: DateTime, weekStart: WeekStart): string[][] {
  const weeks: string[][] = [];
  const last = to.startOf("day");
  for (let cursor = startOfWeek(from, weekStart); cursor <= last; cursor = cursor.plus({ weeks: 1 })) {
    weeks.push(Array.from({ length: 7 }, (_, offset) => cursor.plus({ days: offset }).toISODate()!));
  }
  return weeks;
}

/** The weeks of a month ("YYYY-MM"), with the days of the months around it filling the first and last week. */
export function monthWeeks(month: string, weekStart: WeekStart): string[][] {
  const first = DateTime.fromISO(`${month}-01`, { zone: "utc" });
  return weeksCovering(first, first.endOf("month"), weekStart);
}

/** "YYYY-MM" of a day, and the month before or after it. */
export const monthOf = (day: string) => day.slice(0, 7);
export function shiftMonth(month: string, by: number): string {
  return DateTime.fromISO(`${month}-01`, { zone: "utc" }).plus({ months: by }).toFormat("yyyy-MM");
}
