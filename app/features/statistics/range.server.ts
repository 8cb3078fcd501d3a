import { DateTime } from "luxon";
import { DEFAULT_PRESET, RANGE_PRESETS, type RangePreset } from "./range";

/**
 * The dashboard's date range: `?from=YYYY-MM-DD&to=YYYY-MM-DD` (days in the viewer's zone,
 * both included) or `?range=<preset>`; a bad or missing value falls back to the last twelve
 * months. A range longer than MAX_DAYS is shortened from its start (weekly figures stay few).
 */
export { RANGE_PRESETS, DEFAULT_PRESET, type RangePreset } from "./range";
export const MAX_DAYS = 731;

export type Period = { from: string; to: string; start: string; end: string };
export type StatsRange = Period & { preset: RangePreset | null; timeZone: string; shortened: boolean };

const DAY = /^\d{4}-\d{2}-\d{2}$/;

function day(value: string | null, timeZone: string): DateTime | null {
  if (!value || !DAY.test(value)) return null;
  const parsed = DateTime.fromISO(value, { zone: timeZone });
  return parsed.isValid ? parsed.startOf("day") : null;
}

function presetDays(preset: RangePreset, today: DateTime): [DateTime, DateTime] {
  switch (preset) {
    case "last30":
      return [today.minus({ days: 29 }), today];
    case "last90":
      return [today.minus({ days: 89 }), today];
    case "thisMonth":
      return [today.startOf("month"), today];
    case "thisYear":
      return [today.startOf("year"), today];
    case "lastYear":
      return [today.minus({ years: 1 }).startOf("year"), today.minus({ years: 1 }).endOf("year").startOf("day")];
    case "last12Months":
      return [today.minus({ months: 11 }).startOf("month"), today];
  }
}

function iso(value: DateTime): string {
  return value.toUTC().toISO()!;
}

function period(first: DateTime, last: DateTime): Period {
  return { from: first.toISODate()!, to: last.toISODate()!, start: iso(first), end: iso(last.plus({ days: 1 }).startOf("day")) };
}

export function parseStatsRange(params: URLSearchParams, timeZone: string, now = new Date()): StatsRange {
  const today = DateTime.fromJSDate(now, { zone: timeZone }).startOf("day");
  let from = day(params.get("from"), timeZone);
  let to = day(params.get("to"), timeZone);
  let preset: RangePreset | null = null;
  if (!from && !to) {
    const asked = params.get("range");
    preset = (RANGE_PRESETS as readonly string[]).includes(asked ?? "") ? (asked as RangePreset) : DEFAULT_PRESET;
    [from, to] = presetDays(preset, today);
  }
  to ??= today;
  from ??= to.minus({ days: 29 });
  if (from > to) [from, to] = [to, from];
  let shortened = false;
  if (to.diff(from, "days").days >= MAX_DAYS) {
    from = to.minus({ days: MAX_DAYS - 1 });
    shortened = true;
  }
  return { ...period(from, to), preset, timeZone, shortened };
}

/** The calendar months the range touches, each cut to the range. */
export function monthPeriods(range: StatsRange): Period[] {
  const first = DateTime.fromISO(range.from, { zone: range.timeZone });
  const last = DateTime.fromISO(range.to, { zone: range.timeZone });
  const periods: Period[] = [];
  for (let month = first.startOf("month"); month <= last; month = month.plus({ months: 1 })) {
    const start = month < first ? first : month;
    const endOfMonth = month.endOf("month").startOf("day");
    periods.push(period(start, endOfMonth > last ? last : endOfMonth));
  }
  return periods;
}

/** The weeks (Monday to Sunday) the range touches, each cut to the range. */
export function weekPeriods(range: StatsRange): Period[] {
  const first = DateTime.fromISO(range.from, { zone: range.timeZone });
  const last = DateTime.fromISO(range.to, { zone: range.timeZone });
  const periods: Period[] = [];
  for (let week = first.startOf("week"); week <= last; week = week.plus({ weeks: 1 })) {
    const start = week < first ? first : week;
    const sunday = week.plus({ days: 6 });
    periods.push(period(start, sunday > last ? last : sunday));
  }
  return periods;
}
