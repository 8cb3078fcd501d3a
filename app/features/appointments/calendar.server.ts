import { sql } from "kysely";
import { DateTime } from "luxon";
import { canonicalIso } from "~/features/availability/slots";
import { serviceTitleSql } from "~/features/services/services.server";
import { db } from "~/lib/db/db.server";
import type { AppointmentStatus } from "./status";
import type { AppointmentView } from "./types";
import { startOfWeek, weeksCovering, type WeekStart } from "./weeks";

/**
 * The month and week grids of /dashboard/calendar, in the viewer's time zone (their
 * profile's, else the office's), weeks starting on the reader's first day of the week
 * (lib/format `firstDayOfWeek()`). Navigation is by GET parameters (?view=&date=).
 *
 * The month view stays small at any volume: each day's count comes from one grouped query
 * over the grid's range (appointments_starts_idx), and only each day's first
 * `MONTH_DAY_LIMIT` appointments are loaded (a window function, SQLite ≥ 3.25 and
 * PostgreSQL); the rest is "+N more", the day's week view. The week view is read the same
 * way with `WEEK_DAY_LIMIT` a day (a busy firm's week would otherwise be a page of hundreds of
 * appointments); its "+N more" is the appointments list of that day. A day is the viewer's
 * day: its bounds are computed here in that zone (a DST day is 23 or 25 hours long), and rows
 * are put in their day by comparing `starts_at` with those bounds, the same on both dialects.
 */
export const MONTH_DAY_LIMIT = 3;
export const WEEK_DAY_LIMIT = 8;
export type CalendarView = "month" | "week";

export type CalendarAppointment = Pick<AppointmentView, "id" | "clientName" | "serviceTitle" | "startsAt" | "status">;

export type CalendarDay = {
  day: string;
  inRange: boolean;
  isToday: boolean;
  /** How many appointments start this day (more than `appointments` in the month view). */
  total: number;
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

  const gridDays = days.flat();
  const byDay = await firstOfEachDay(gridDays, zone, input.view === "month" ? MONTH_DAY_LIMIT : WEEK_DAY_LIMIT, input.language);

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
      week.map((day) => ({
        day,
        inRange: day >= first && day <= last,
        isToday: day === today.toISODate(),
        total: byDay.get(day)?.total ?? 0,
        appointments: byDay.get(day)?.appointments ?? [],
      })),
    ),
  };
}

type DayContent = { total: number; appointments: CalendarAppointment[] };

function toCalendarAppointment({ id, clientName, serviceTitle, startsAt, status }: CalendarAppointment): CalendarAppointment {
  return { id, clientName, serviceTitle, startsAt, status };
}

/** Each day's bounds in `zone`: `days.length + 1` instants, day i being [bounds[i], bounds[i + 1]). */
export function dayBounds(days: readonly string[], zone: string): string[] {
  const starts = days.map((day) => DateTime.fromISO(day, { zone }).startOf("day"));
  return [...starts, starts.at(-1)!.plus({ days: 1 })].map((start) => canonicalIso(start));
}

/**
 * The month and week views: per day, how many appointments start that day (one grouped query) and the
 * first `limit` of them (ranked per day by a window function), for consecutive `days` in `zone`.
 */
export async function firstOfEachDay(days: readonly string[], zone: string, limit: number, language: string): Promise<Map<string, DayContent>> {
  const bounds = dayBounds(days, zone);
  // The index of a row's day: the first day whose end is after its start (rows are inside the range).
  const dayIndex = sql<number>`case ${sql.join(
    bounds.slice(1, -1).map((end, index) => sql`when starts_at < ${end} then ${sql.lit(index)}`),
    sql` `,
  )} else ${sql.lit(days.length - 1)} end`;
  const inRange = sql<boolean>`starts_at >= ${bounds[0]!} and starts_at < ${bounds.at(-1)!}`;
  const [counts, ranked] = await Promise.all([
    db()
      .selectFrom(sql<{ dayIndex: number }>`(select ${dayIndex} as day_index from appointments where ${inRange})`.as("d"))
      .select((eb) => ["d.dayIndex", eb.fn.countAll<number>().as("total")])
      .groupBy("d.dayIndex")
      .execute(),
    db()
      .selectFrom(
        sql<{ id: string; dayIndex: number; rank: number }>`(select id, ${dayIndex} as day_index, row_number() over (partition by ${dayIndex} order by starts_at, id) as rank from appointments where ${inRange})`.as("r"),
      )
      .innerJoin("appointments as a", "a.id", "r.id")
      .innerJoin("users as u", "u.id", "a.clientId")
      .select(["r.dayIndex", "a.id", "u.fullName as clientName", serviceTitleSql("a.serviceId", language).as("serviceTitle"), "a.startsAt", "a.status"])
      .where("r.rank", "<=", limit)
      .orderBy("a.startsAt")
      .orderBy("a.id")
      .execute(),
  ]);
  const byDay = new Map<string, DayContent>();
  for (const row of counts) byDay.set(days[Number(row.dayIndex)]!, { total: Number(row.total), appointments: [] });
  for (const row of ranked) {
    const content = byDay.get(days[Number(row.dayIndex)]!);
    content?.appointments.push({ ...toCalendarAppointment({ ...row, serviceTitle: String(row.serviceTitle), status: row.status as AppointmentStatus }) });
  }
  return byDay;
}
