import { sql } from "kysely";
import { DateTime } from "luxon";
import { canonicalIso } from "~/features/availability";
import { serviceTitleSql } from "~/features/services/index.server";
import { userColumnSql } from "~/core/identity/directory.server";
import { db, isPostgres } from "~/lib/db/db.server";
import type { AppointmentStatus } from "./status";
import type { AppointmentView } from "./types";
import { startOfWeek, weeksCovering, type WeekStart } from "./weeks";

/**
 * The month and week grids of /dashboard/calendar, in the viewer's time zone (their
 * profile's, else the office's), weeks starting on the reader's first day of the week
 * (lib/format `firstDayOfWeek()`). Navigation is by GET parameters (?view=&date=).
 *
 * The month view stays small at any volume: each day's count and its first `MONTH_DAY_LIMIT`
 * appointments come from one read of that day's range on appointments_starts_idx
 * (`firstOfEachDay`); the rest is "+N more", the day's week view. The week view is read the same
 * way with `WEEK_DAY_LIMIT` a day (a busy firm's week would otherwise be a page of hundreds of
 * appointments); its "+N more" is the appointments list of that day. A day is the viewer's
 * day: its bounds are computed here in that zone (a DST day is 23 or 25 hours long), and rows
 * are put in their day by comparing `starts_at` with those bounds, the same on both dialects.
 */
export const MONTH_DAY_LIMIT = 3;
export const WEEK_DAY_LIMIT = 8;
export type CalendarView = "month" | "week";

/** An appointment in a day of the calendar; the service's title in the week view only (the month shows none). */
export type CalendarAppointment = Pick<AppointmentView, "id" | "clientName" | "startsAt" | "status"> & { serviceTitle?: string };

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

  const month = input.view === "month";
  const periodStart = month ? anchor.startOf("month") : startOfWeek(anchor, input.weekStart);
  const periodEnd = month ? anchor.endOf("month").startOf("day") : periodStart.plus({ days: 6 });
  const days = weeksCovering(periodStart, periodEnd, input.weekStart);

  const gridDays = days.flat();
  const byDay = await firstOfEachDay(gridDays, zone, month ? MONTH_DAY_LIMIT : WEEK_DAY_LIMIT, month ? undefined : input.language);

  const first = periodStart.toISODate()!;
  const last = periodEnd.toISODate()!;
  const step = month ? { months: 1 } : { weeks: 1 };
  const todayIso = today.toISODate()!;
  return {
    view: input.view,
    anchor: anchor.toISODate()!,
    previous: anchor.minus(step).toISODate()!,
    next: anchor.plus(step).toISODate()!,
    today: todayIso,
    periodStart: first,
    periodEnd: last,
    weekStart: input.weekStart,
    weeks: days.map((week) =>
      week.map((day) => ({
        day,
        inRange: day >= first && day <= last,
        isToday: day === todayIso,
        total: byDay.get(day)?.total ?? 0,
        appointments: byDay.get(day)?.appointments ?? [],
      })),
    ),
  };
}

type DayContent = { total: number; appointments: CalendarAppointment[] };

/** Each day's bounds in `zone`: `days.length + 1` instants, day i being [bounds[i], bounds[i + 1]). */
export function dayBounds(days: readonly string[], zone: string): string[] {
  const starts = days.map((day) => DateTime.fromISO(day, { zone }).startOf("day"));
  return [...starts, starts.at(-1)!.plus({ days: 1 })].map((start) => canonicalIso(start));
}

/**
 * The month and week views: per day, how many appointments start that day and the first `limit` of
 * them, for consecutive `days` in `zone`. Each day is one range read on appointments_starts_idx (its
 * count and its first rows), so the cost follows the number of days shown, not the appointments in
 * the range. PostgreSQL runs one correlated (lateral) read per day over the bounds passed as two
 * arrays; SQLite, which has no LATERAL, runs the same per-day reads as a UNION ALL. With a
 * `language`, each appointment has its service's title in it (the week view's).
 */
export async function firstOfEachDay(days: readonly string[], zone: string, limit: number, language?: string): Promise<Map<string, DayContent>> {
  const bounds = dayBounds(days, zone);
  const starts = bounds.slice(0, -1);
  const ends = bounds.slice(1);
  const perDay = isPostgres()
    ? sql<DayRow>`(select d.i - 1 as day_index, c.total, f.* from unnest(${starts}::timestamptz[], ${ends}::timestamptz[]) with ordinality as d(day_start, day_end, i)
        cross join lateral (select count(*) as total from appointments where starts_at >= d.day_start and starts_at < d.day_end) c
        cross join lateral (select id, client_id, service_id, starts_at, status from appointments
          where starts_at >= d.day_start and starts_at < d.day_end order by starts_at, id limit ${limit}) f)`
    : sql<DayRow>`(${sql.join(
        starts.map(
          (start, index) => sql`select * from (select ${sql.lit(index)} as day_index,
            (select count(*) from appointments where starts_at >= ${start} and starts_at < ${ends[index]!}) as total,
            id, client_id, service_id, starts_at, status from appointments
            where starts_at >= ${start} and starts_at < ${ends[index]!} order by starts_at, id limit ${limit})`,
        ),
        sql` union all `,
      )})`;
  const rows = await db()
    .selectFrom(perDay.as("a"))
    .select(["a.dayIndex", "a.total", "a.id", userColumnSql("a.clientId", "fullName").$notNull().as("clientName"), "a.startsAt", "a.status"])
    .$if(language !== undefined, (query) => query.select(serviceTitleSql("a.serviceId", language!).as("serviceTitle")))
    .orderBy("a.startsAt")
    .orderBy("a.id")
    .execute();
  const byDay = new Map<string, DayContent>();
  for (const row of rows) {
    const day = days[Number(row.dayIndex)]!;
    let content = byDay.get(day);
    if (!content) byDay.set(day, (content = { total: Number(row.total), appointments: [] }));
    const { id, clientName, startsAt, serviceTitle } = row;
    const status = row.status as AppointmentStatus;
    content.appointments.push(
      serviceTitle === undefined ? { id, clientName, startsAt, status } : { id, clientName, serviceTitle: String(serviceTitle), startsAt, status },
    );
  }
  return byDay;
}

type DayRow = { dayIndex: number; total: number | string; id: string; clientId: string; serviceId: string; startsAt: string; status: string };
