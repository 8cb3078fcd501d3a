import { DateTime } from "luxon";
import { canonicalIso } from "~/features/availability/slots";
import { listAppointmentsBetween, type AppointmentView } from "./appointments.server";

/**
 * The month and week grids of /dashboard/calendar, in the office's time zone,
 * weeks starting on Monday. Navigation is by GET parameters (?view=&date=).
 */
export type CalendarView = "month" | "week";

export type CalendarDay = {
  day: string;
  inRange: boolean;
  isToday: boolean;
  appointments: Array<Pick<AppointmentView, "id" | "reference" | "clientName" | "serviceTitle" | "startsAt" | "status">>;
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
  weeks: CalendarDay[][];
};

export async function buildCalendar(input: { view: CalendarView; date?: string | null; timeZone: string; locale: string }): Promise<Calendar> {
  const zone = input.timeZone;
  const today = DateTime.now().setZone(zone).startOf("day");
  const parsed = input.date ? DateTime.fromISO(input.date, { zone }) : today;
  const anchor = parsed.isValid ? parsed.startOf("day") : today;

  const periodStart = input.view === "month" ? anchor.startOf("month") : anchor.startOf("week");
  const periodEnd = input.view === "month" ? anchor.endOf("month").startOf("day") : periodStart.plus({ days: 6 });
  const gridStart = periodStart.startOf("week");
  const gridEnd = periodEnd.endOf("week").startOf("day");

  const appointments = await listAppointmentsBetween(
    canonicalIso(gridStart),
    canonicalIso(gridEnd.plus({ days: 1 })),
    input.locale,
  );
  const byDay = new Map<string, CalendarDay["appointments"]>();
  for (const appointment of appointments) {
    const day = DateTime.fromISO(appointment.startsAt, { zone }).toISODate()!;
    const list = byDay.get(day) ?? [];
    list.push({
      id: appointment.id,
      reference: appointment.reference,
      clientName: appointment.clientName,
      serviceTitle: appointment.serviceTitle,
      startsAt: appointment.startsAt,
      status: appointment.status,
    });
    byDay.set(day, list);
  }

  const weeks: CalendarDay[][] = [];
  for (let cursor = gridStart; cursor <= gridEnd; cursor = cursor.plus({ weeks: 1 })) {
    const week: CalendarDay[] = [];
    for (let offset = 0; offset < 7; offset++) {
      const date = cursor.plus({ days: offset });
      const day = date.toISODate()!;
      week.push({
        day,
        inRange: date >= periodStart && date <= periodEnd,
        isToday: day === today.toISODate(),
        appointments: byDay.get(day) ?? [],
      });
    }
    weeks.push(week);
  }

  const step = input.view === "month" ? { months: 1 } : { weeks: 1 };
  return {
    view: input.view,
    anchor: anchor.toISODate()!,
    previous: anchor.minus(step).toISODate()!,
    next: anchor.plus(step).toISODate()!,
    today: today.toISODate()!,
    periodStart: periodStart.toISODate()!,
    periodEnd: periodEnd.toISODate()!,
    weeks,
  };
}
