import { createRequire } from "node:module";
import type DateHolidays from "date-holidays";
import { DateTime } from "luxon";

/**
 * The US federal holidays (5 U.S.C. § 6103) of any year, their dates from `date-holidays`. A holiday on
 * a Saturday is observed the Friday before, on a Sunday the Monday after (so New Year's Day on a Saturday
 * is observed on December 31 of the year before); this rule is applied here rather than taken from
 * `date-holidays`, which moves no Veterans Day off a weekend. Days are "YYYY-MM-DD".
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

/** The holidays the office keeps, by the English name `date-holidays` gives each, with the law's name. */
const FEDERAL = [
  { key: "newYear", name: "New Year's Day", library: "New Year's Day" },
  { key: "mlk", name: "Birthday of Martin Luther King, Jr.", library: "Martin Luther King Jr. Day" },
  { key: "washington", name: "Washington's Birthday", library: "Washington's Birthday" },
  { key: "memorial", name: "Memorial Day", library: "Memorial Day" },
  { key: "juneteenth", name: "Juneteenth National Independence Day", library: "Juneteenth" },
  { key: "independence", name: "Independence Day", library: "Independence Day" },
  { key: "labor", name: "Labor Day", library: "Labour Day" },
  { key: "columbus", name: "Columbus Day", library: "Columbus Day" },
  { key: "veterans", name: "Veterans Day", library: "Veterans Day" },
  { key: "thanksgiving", name: "Thanksgiving Day", library: "Thanksgiving Day" },
  { key: "christmas", name: "Christmas Day", library: "Christmas Day" },
] as const;

export type HolidayKey = (typeof FEDERAL)[number]["key"];

/**
 * `date-holidays` holds every country's rules (about 9 MB once loaded), so it is loaded on first use,
 * not with the server: only the demo seeder and the holiday seeding ask for holidays.
 */
let usPublicHolidays: DateHolidays | undefined;
function publicHolidays(): DateHolidays {
  if (!usPublicHolidays) {
    const Holidays = createRequire(import.meta.url)("date-holidays") as typeof DateHolidays;
    usPublicHolidays = new Holidays("US", { languages: "en", types: ["public"] });
  }
  return usPublicHolidays;
}

const isoDay = (date: DateTime) => date.toISODate()!;

/** Saturday → the Friday before, Sunday → the Monday after, any other day → itself. */
export function observedDay(day: string): string {
  const date = DateTime.fromISO(day, { zone: "utc" });
  if (date.weekday === 6) return isoDay(date.minus({ days: 1 }));
  if (date.weekday === 7) return isoDay(date.plus({ days: 1 }));
  return day;
}

/** The federal holidays of `year` in calendar order: eleven (Juneteenth is one from 2021 on). */
export function usFederalHolidays(year: number): Holiday[] {
  const dates = new Map<string, string>();
  for (const holiday of publicHolidays().getHolidays(year, "en")) {
    if (!holiday.substitute) dates.set(holiday.name, holiday.date.slice(0, 10));
  }
  return FEDERAL.flatMap(({ key, name, library }) => {
    const date = dates.get(library);
    return date ? [{ key, name, date, observed: observedDay(date) }] : [];
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
