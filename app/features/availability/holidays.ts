import { DateTime } from "luxon";

/**
 * The US federal holidays (5 U.S.C. § 6103), computed for any year: fixed dates and
 * "nth weekday of the month" rules. A holiday on a Saturday is observed the Friday
 * before, on a Sunday the Monday after (so New Year's Day on a Saturday is observed
 * on December 31 of the year before). Pure functions; days are "YYYY-MM-DD".
 */
export type Holiday = {
  key: HolidayKey;
  /** English name, as written in the law. */
  name: string;
  /** The holiday's own date. */
  date: string;
  /** The weekday it is observed on (the date itself from Monday to Friday). */
  observed: string;
};

type Rule = { key: string; name: string } & ({ month: number; day: number } | { month: number; weekday: number; nth: number });

const RULES = [
  { key: "newYear", name: "New Year's Day", month: 1, day: 1 },
  { key: "mlk", name: "Birthday of Martin Luther King, Jr.", month: 1, weekday: 1, nth: 3 },
  { key: "washington", name: "Washington's Birthday", month: 2, weekday: 1, nth: 3 },
  { key: "memorial", name: "Memorial Day", month: 5, weekday: 1, nth: -1 },
  { key: "juneteenth", name: "Juneteenth National Independence Day", month: 6, day: 19 },
  { key: "independence", name: "Independence Day", month: 7, day: 4 },
  { key: "labor", name: "Labor Day", month: 9, weekday: 1, nth: 1 },
  { key: "columbus", name: "Columbus Day", month: 10, weekday: 1, nth: 2 },
  { key: "veterans", name: "Veterans Day", month: 11, day: 11 },
  { key: "thanksgiving", name: "Thanksgiving Day", month: 11, weekday: 4, nth: 4 },
  { key: "christmas", name: "Christmas Day", month: 12, day: 25 },
] as const satisfies readonly Rule[];

export type HolidayKey = (typeof RULES)[number]["key"];

const isoDay = (date: DateTime) => date.toISODate()!;

/**
 * The `nth` `weekday` (ISO: 1 = Monday … 7 = Sunday) of a month; `nth` = -1 is the last one.
 * nthWeekdayOfMonth(2026, 11, 4, 4) is Thanksgiving 2026, "2026-11-26".
 */
export function nthWeekdayOfMonth(year: number, month: number, weekday: number, nth: number): string {
  if (nth === -1) {
    const last = DateTime.utc(year, month, 1).endOf("month").startOf("day");
    return isoDay(last.minus({ days: (last.weekday - weekday + 7) % 7 }));
  }
  const first = DateTime.utc(year, month, 1);
  const firstMatch = first.plus({ days: (weekday - first.weekday + 7) % 7 });
  const date = firstMatch.plus({ weeks: nth - 1 });
  if (date.month !== month) throw new RangeError(`there is no weekday ${weekday} number ${nth} in ${year}-${month}`);
  return isoDay(date);
}

/** Saturday → the Friday before, Sunday → the Monday after, any other day → itself. */
export function observedDay(day: string): string {
  const date = DateTime.fromISO(day, { zone: "utc" });
  if (date.weekday === 6) return isoDay(date.minus({ days: 1 }));
  if (date.weekday === 7) return isoDay(date.plus({ days: 1 }));
  return day;
}

/** The eleven federal holidays of `year`, in calendar order. */
export function usFederalHolidays(year: number): Holiday[] {
  return RULES.map((rule) => {
    const date = "day" in rule ? isoDay(DateTime.utc(year, rule.month, rule.day)) : nthWeekdayOfMonth(year, rule.month, rule.weekday, rule.nth);
    return { key: rule.key, name: rule.name, date, observed: observedDay(date) };
  });
}

/**
 * The days an office that keeps the federal holidays is closed in `year`: each holiday's
 * date and, when it differs, the day it is observed on. Sorted, without repeats.
 */
export function federalHolidayClosures(year: number): Array<{ day: string; reason: string }> {
  const days = new Map<string, string>();
  for (const holiday of usFederalHolidays(year)) {
    days.set(holiday.date, holiday.name);
    if (holiday.observed !== holiday.date) days.set(holiday.observed, `${holiday.name} (observed)`);
  }
  return [...days.entries()].sort(([a], [b]) => a.localeCompare(b)).map(([day, reason]) => ({ day, reason }));
}
