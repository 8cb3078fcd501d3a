import { DateTime } from "luxon";
import { canonicalIso } from "~/features/availability/slots";
import { listAppointmentsBetween } from "./appointments.server";
import type { AppointmentView } from "./types";
import { startOfWeek, weeksCovering, type WeekStart } from "./weeks";

/**
 * The month and week grids of /dashboard/calendar, in the viewer's time zone (their
 * profile's, else the office's), weeks starting on the reader's first day of the week
 * (lib/format `firstDayOfWeek()`). Navigation is by GET parameters (?view=&date=).
 */
export type CalendarView = "month" | "week";

export type CalendarAppointment = Pick<AppointmentView, "id" | "reference" | "clientName" | "serviceTitle" | "startsAt" | "status">;

export type CalendarDay = {
  day: string;
  inRange: boolean;
  isToday: boolean;
  appointments: CalendarAppointment[];
};

export type Calendar = {
  view: CalendarView;
  anchor: string;
  previous: string;
  next: string;
  today: string;
  /** first day of the month (month view) or of the week (week view) */
  periodStart: string;
  periodEnd: string;
  weekStart: WeekStart;
  weeks: CalendarDay[][];
};

export async function buildCalendar(input: {
  view: CalendarView;
  date?: string | null;
  timeZone: string;
  language: string;
  weekStart: WeekStart;
  now?: Date;
}): Promise<Calendar> {
  const zone = input.timeZone;
  const today = DateTime.fromJSDate(input.now ?? new Date(), { zone }).startOf("day");
  const parsed = input.date ? DateTime.fromISO(input.date, { zone }) : today;
  const anchor = parsed.isValid ? parsed.startOf("day") : today;

  const periodStart = input.view === "month" ? anchor.startOf("month") : startOfWeek(anchor, input.weekStart);
  const periodEnd = input.view === "month" ? anchor.endOf("month").startOf("day") : periodStart.plus({ days: 6 });
  const days = weeksCovering(periodStart, periodEnd, input.weekStart);
  const gridStart = DateTime.fromISO(days[0]![0]!, { zone });
  const gridEnd = DateTime.fromISO(days.at(-1)![6]!, { zone });

  const appointments = await listAppointmentsBetween(canonicalIso(gridStart), canonicalIso(gridEnd.plus({ days: 1 })), input.language);
  const byDay = new Map<string, CalendarAppointment[]>();
  for (const appointment of appointments) {
    const day = DateTime.fromISO(appointment.startsAt, { zone }).toISODate()!;
    const list = byDay.get(day) ?? [];
    const { id, reference, clientName, serviceTitle, startsAt, status } = appointment;
    list.push({ id, reference, clientName, serviceTitle, startsAt, status });
    byDay.set(day, list);
  }

  const first = periodStart.toISODate()!;
  const last = periodEnd.toISODate()!;
  const step = input.view === "month" ? { months: 1 } : { weeks: 1 };
  return {
    view: input.view,
    anchor: anchor.toISODate()!,
    previous: anchor.minus(step).toISODate()!,
    next: anchor.plus(step).toISODate()!,
    today: today.toISODate()!,
    periodStart: first,
    periodEnd: last,
    weekStart: input.weekStart,
    weeks: days.map((week) =>
      week.map((day) => ({ day, inRange: day >= first && day <= last, isToday: day === today.toISODate(), appointments: byDay.get(day) ?? [] })),
    ),
  };
}
