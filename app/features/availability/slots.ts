import { DateTime } from "luxon";
import { isValidTimeZone } from "~/lib/format";

/**
 * The slot engine: pure functions, no database, so the rules are easy to test.
 *
 * - The office's week is a set of opening ranges per ISO weekday ("1" = Monday),
 *   as wall-clock times in the office's time zone. Each range is cut into a grid of
 *   `slotMinutes` units from its opening time; every unit is a possible start.
 * - A booking for a service of D minutes starting at S needs [S, S + D) inside one
 *   opening range, S at least `minNoticeHours` from now, S's day at most
 *   `maxDaysAhead` days after today (office time), S's day not closed, and
 *   [S − buffer, S + D + buffer) free of every active appointment.
 * - Wall-clock times are resolved with luxon in the office's zone, so a day on
 *   which clocks change still opens at 09:00 local time.
 */
export type OpeningRange = { start: string; end: string };
export type WeeklyHours = Record<string, OpeningRange[]>;

export type AvailabilityRules = {
  timeZone: string;
  slotMinutes: number;
  bufferMinutes: number;
  minNoticeHours: number;
  maxDaysAhead: number;
  weeklyHours: WeeklyHours;
};

export type BusyInterval = { startsAt: string; endsAt: string };
export type Slot = { startsAt: string; endsAt: string };

export const WEEKDAYS = ["1", "2", "3", "4", "5", "6", "7"] as const;

export { isValidTimeZone };

function minutesOf(time: string): number {
  const [hours, minutes] = time.split(":").map(Number);
  return (hours ?? 0) * 60 + (minutes ?? 0);
}

/** ISO string of an instant, in the one canonical form the hold table is keyed by. */
export function canonicalIso(value: DateTime | string): string {
  const dateTime = typeof value === "string" ? DateTime.fromISO(value, { zone: "utc" }) : value;
  return dateTime.toUTC().toISO({ suppressMilliseconds: false })!;
}

/** How many grid units a service of `durationMinutes` spans. */
export function unitsFor(durationMinutes: number, slotMinutes: number): number {
  return Math.max(1, Math.ceil(durationMinutes / slotMinutes));
}

/**
 * The grid units an appointment holds in the database: every unit from its start
 * through its end plus the buffer. Holding the buffer too means two bookings that
 * would sit closer than the buffer also collide on a unit (see docs/areas/appointments.md).
 */
export function holdStartsFor(startsAt: string, durationMinutes: number, rules: Pick<AvailabilityRules, "slotMinutes" | "bufferMinutes">): string[] {
  const start = DateTime.fromISO(startsAt, { zone: "utc" });
  const units = unitsFor(durationMinutes + rules.bufferMinutes, rules.slotMinutes);
  return Array.from({ length: units }, (_, index) => canonicalIso(start.plus({ minutes: index * rules.slotMinutes })));
}

/** Days (YYYY-MM-DD in `zone`) from `from` to `to` inclusive. */
export function daysBetween(from: string, to: string): string[] {
  const days: string[] = [];
  let day = DateTime.fromISO(from, { zone: "utc" });
  const last = DateTime.fromISO(to, { zone: "utc" });
  while (day <= last && days.length < 400) {
    days.push(day.toISODate()!);
    day = day.plus({ days: 1 });
  }
  return days;
}

/** The first and last bookable day (office time) as YYYY-MM-DD. */
export function bookingWindow(rules: Pick<AvailabilityRules, "timeZone" | "maxDaysAhead">, now: Date): { firstDay: string; lastDay: string } {
  const today = DateTime.fromJSDate(now, { zone: rules.timeZone }).startOf("day");
  return { firstDay: today.toISODate()!, lastDay: today.plus({ days: rules.maxDaysAhead }).toISODate()! };
}

/**
 * Free starts for a service of `durationMinutes` on the office days `from`..`to`
 * (YYYY-MM-DD, office time), sorted by time.
 */
export function computeSlots(input: {
  rules: AvailabilityRules;
  durationMinutes: number;
  from: string;
  to: string;
  closedDays: ReadonlySet<string>;
  busy: readonly BusyInterval[];
  now: Date;
}): Slot[] {
  const { rules, durationMinutes, closedDays, now } = input;
  const zone = rules.timeZone;
  const earliest = DateTime.fromJSDate(now).plus({ hours: rules.minNoticeHours }).toMillis();
  const window = bookingWindow(rules, now);
  const from = input.from < window.firstDay ? window.firstDay : input.from;
  const to = input.to > window.lastDay ? window.lastDay : input.to;
  if (from > to) return [];
  const buffer = rules.bufferMinutes * 60_000;
  const busy = input.busy.map((interval) => ({
    start: Date.parse(interval.startsAt) - buffer,
    end: Date.parse(interval.endsAt) + buffer,
  }));

  const slots: Slot[] = [];
  for (const day of daysBetween(from, to)) {
    if (closedDays.has(day)) continue;
    const midnight = DateTime.fromISO(day, { zone });
    for (const range of rules.weeklyHours[String(midnight.weekday)] ?? []) {
      const opens = minutesOf(range.start);
      const closes = minutesOf(range.end);
      for (let minute = opens; minute + durationMinutes <= closes; minute += rules.slotMinutes) {
        // Wall-clock time of the day in the office's zone (DST-safe: set, not add).
        const start = midnight.set({ hour: Math.floor(minute / 60), minute: minute % 60 });
        // A wall-clock time skipped by a DST jump does not exist: luxon moves it forward; skip it.
        if (start.hour * 60 + start.minute !== minute) continue;
        const startMs = start.toMillis();
        const endMs = startMs + durationMinutes * 60_000;
        if (startMs < earliest) continue;
        if (busy.some((interval) => startMs < interval.end && interval.start < endMs)) continue;
        slots.push({ startsAt: canonicalIso(start), endsAt: canonicalIso(DateTime.fromMillis(endMs)) });
      }
    }
  }
  return slots.sort((a, b) => a.startsAt.localeCompare(b.startsAt));
}
