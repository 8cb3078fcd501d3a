import { DateTime } from "luxon";
import { createFormatter } from "~/lib/format";
import { getAvailabilitySettings } from "~/features/availability/index.server";
import { findFreeSlots } from "./free-slots.server";
import { bookingWindow, isValidTimeZone, type Slot } from "~/features/availability";
import { monthOf, monthWeeks } from "./weeks";

/**
 * What the booking and reschedule screens show: the free slots of the whole
 * booking window (from the same `findFreeSlots` as the available-slots API),
 * grouped by day in the zone the client reads them in, and a month of those
 * days as a compact picker (the free days can be chosen, the others not).
 */
export type DayChoice = { day: string; count: number };

export type PickerDay = { day: string; count: number; inMonth: boolean };

export type DayPicker = {
  /** "YYYY-MM" shown */
  month: string;
  /** the months before and after it that still have bookable days, else null */
  previous: string | null;
  next: string | null;
  weeks: PickerDay[][];
};

export type SlotChoices = {
  /** the zone times are shown in (the profile's, else the browser's, else the office's) */
  timeZone: string;
  officeTimeZone: string;
  days: DayChoice[];
  /** the chosen day, when it has free slots */
  day: string | null;
  slots: Slot[];
  picker: DayPicker;
};

/**
 * The zone a client books in: their profile's, else the zone their browser sent
 * (`tz`, filled by script; empty without JavaScript), else the office's.
 */
export function bookingTimeZone(candidates: Array<string | null | undefined>, officeTimeZone: string): string {
  return candidates.find(isValidTimeZone) ?? officeTimeZone;
}

export async function slotChoices(input: {
  durationMinutes: number;
  /** the zones to show times in, first valid one wins (bookingTimeZone) */
  timeZones: Array<string | null | undefined>;
  language: string;
  day?: string | null;
  month?: string | null;
  ignoreAppointmentId?: string;
  now?: Date;
}): Promise<SlotChoices> {
  const rules = await getAvailabilitySettings();
  const timeZone = bookingTimeZone(input.timeZones, rules.timeZone);
  const now = input.now ?? new Date();
  const window = bookingWindow(rules, now);
  const { slots } = await findFreeSlots({
    durationMinutes: input.durationMinutes,
    from: window.firstDay,
    to: window.lastDay,
    now,
    ignoreAppointmentId: input.ignoreAppointmentId,
  });
  const byDay = new Map<string, Slot[]>();
  for (const slot of slots) {
    const day = DateTime.fromISO(slot.startsAt, { zone: timeZone }).toISODate()!;
    const list = byDay.get(day) ?? [];
    list.push(slot);
    byDay.set(day, list);
  }
  const days = [...byDay.entries()].map(([key, list]) => ({ day: key, count: list.length }));
  const day = input.day && byDay.has(input.day) ? input.day : null;
  const weekStart = createFormatter(input.language, timeZone).firstDayOfWeek();
  return {
    timeZone,
    officeTimeZone: rules.timeZone,
    days,
    day,
    slots: day ? byDay.get(day)! : [],
    picker: dayPicker({ days, chosen: day ?? input.day ?? null, month: input.month ?? null, weekStart }),
  };
}

/**
 * The month the picker shows: the one asked for (when it has free days), else the
 * chosen day's, else the first free day's.
 */
export function dayPicker(input: { days: DayChoice[]; chosen: string | null; month: string | null; weekStart: number }): DayPicker {
  const counts = new Map(input.days.map((choice) => [choice.day, choice.count]));
  const months = [...new Set(input.days.map((choice) => monthOf(choice.day)))].sort();
  const fallback = input.chosen && months.includes(monthOf(input.chosen)) ? monthOf(input.chosen) : (months[0] ?? monthOf(DateTime.utc().toISODate()!));
  const month = input.month && months.includes(input.month) ? input.month : fallback;
  const index = months.indexOf(month);
  return {
    month,
    previous: index > 0 ? months[index - 1]! : null,
    next: index >= 0 && index < months.length - 1 ? months[index + 1]! : null,
    weeks: monthWeeks(month, input.weekStart).map((week) => week.map((day) => ({ day, count: counts.get(day) ?? 0, inMonth: monthOf(day) === month }))),
  };
}
