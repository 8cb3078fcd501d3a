import { Link } from "@remix-run/react";
import type { TFunction } from "i18next";
import { ChevronLeft, ChevronRight } from "lucide-react";
import { useTranslation } from "react-i18next";
import { useFormatter, type Formatter } from "~/lib/format";
import { cn } from "~/lib/utils";
import type { AppointmentStatus } from "./status";
import { StatusLabel } from "./ui";

/**
 * The calendar of /dashboard/calendar, drawn on the server from `buildCalendar`
 * (calendar.server.ts). From the `sm` breakpoint up: a grid of seven columns with each
 * appointment in its day. On a phone the same grid is compact (the day number and how
 * many appointments): nothing is wider than the screen. The week view adds an agenda for
 * the phone, its appointments day by day, which a day's count links to. The month view
 * holds a few appointments a day and no agenda (statuses are words, without icons, in both views),
 * so that a busy month stays a small page: "+N more", and a day's count on a
 * phone, open that day's week. The week shows up to eight a day; its "+N more" opens the
 * appointments list of that day. The days and their entries take the calendar's `t` and formatter as
 * props (a month shows up to 126 entries).
 */
type CalendarAppointment = { id: string; clientName: string; serviceTitle?: string; startsAt: string; status: AppointmentStatus };
type CalendarDay = { day: string; inRange: boolean; isToday: boolean; total: number; appointments: CalendarAppointment[] };
export type CalendarData = {
  view: "month" | "week";
  anchor: string;
  previous: string;
  next: string;
  today: string;
  periodStart: string;
  periodEnd: string;
  weeks: CalendarDay[][];
};

export function CalendarView({ calendar }: { calendar: CalendarData }) {
  const { t } = useTranslation("appointments");
  const format = useFormatter();
  const periodLabel =
    calendar.view === "month"
      ? format.day(calendar.periodStart, { month: "long", year: "numeric" })
      : t("calendar.weekOf", {
          start: format.day(calendar.periodStart, { day: "numeric", month: "short" }),
          end: format.day(calendar.periodEnd, { day: "numeric", month: "short", year: "numeric" }),
        });
  const link = (params: { view?: string; date?: string }) => `?view=${params.view ?? calendar.view}&date=${params.date ?? calendar.anchor}`;
  const navClass = "inline-flex items-center gap-1 rounded-md border px-3 py-1.5 hover:bg-muted";
  // The phone agenda of the week view (the month has none).
  const agendaDays = calendar.view === "week" ? calendar.weeks.flat().filter((cell) => cell.inRange && cell.total > 0) : [];
  // "+N more": a month's day opens its week; a week's day, that day's list of appointments.
  const moreLink = (day: string) => (calendar.view === "month" ? link({ view: "week", date: day }) : `/dashboard/appointments?from=${day}&to=${day}`);

  return (
    <section aria-labelledby="calendar-period" className="flex min-w-0 flex-col gap-3">
      <div className="flex flex-wrap items-center justify-between gap-3">
        <h2 id="calendar-period" className="text-lg font-semibold">
          {periodLabel}
        </h2>
        <nav aria-label={t("calendar.navigation")} className="flex flex-wrap items-center gap-2 text-sm">
          <Link to={link({ date: calendar.previous })} className={navClass}>
            <ChevronLeft aria-hidden className="size-4 rtl:rotate-180" />
            {t("calendar.previous")}
          </Link>
          <Link to={link({ date: calendar.today })} className={navClass}>
            {t("calendar.today")}
          </Link>
          <Link to={link({ date: calendar.next })} className={navClass}>
            {t("calendar.next")}
            <ChevronRight aria-hidden className="size-4 rtl:rotate-180" />
          </Link>
          {(["month", "week"] as const).map((view) => (
            <Link
              key={view}
              to={link({ view })}
              aria-current={calendar.view === view ? "page" : undefined}
              className={cn("rounded-md border px-3 py-1.5", calendar.view === view ? "border-primary bg-primary text-primary-foreground" : "hover:bg-muted")}
            >
              {t(`calendar.${view}`)}
            </Link>
          ))}
        </nav>
      </div>
      <p className="text-sm text-muted-foreground">{t("calendar.zone", { zone: format.timeZone })}</p>
      <div className="rounded-lg border">
        <table className="w-full table-fixed text-sm" data-testid="calendar-grid">
          <thead className="bg-muted">
            <tr>
              {calendar.weeks[0]!.map((cell) => (
                <th key={cell.day} scope="col" className="p-1 text-center font-medium sm:p-2 sm:text-start">
                  <abbr title={format.day(cell.day, { weekday: "long" })} className="no-underline">
                    <span className="sm:hidden">{format.day(cell.day, { weekday: "narrow" })}</span>
                    <span className="hidden sm:inline">{format.day(cell.day, { weekday: "short" })}</span>
                  </abbr>
                </th>
              ))}
            </tr>
          </thead>
          <tbody>
            {calendar.weeks.map((week) => (
              <tr key={week[0]!.day} className="border-t align-top">
                {week.map((cell) => (
                  <td
                    key={cell.day}
                    className={cn(
                      "calendar-day",
                      calendar.view === "month" ? "h-12 sm:h-28" : "h-16 sm:h-64",
                      !cell.inRange && "bg-muted/40 text-muted-foreground",
                    )}
                  >
                    <DayCell cell={cell} view={calendar.view} moreLink={moreLink(cell.day)} t={t} format={format} />
                  </td>
                ))}
              </tr>
            ))}
          </tbody>
        </table>
      </div>
      {calendar.view === "week" ? (
        <div className="flex flex-col gap-3 sm:hidden" data-testid="calendar-agenda">
          <h3 className="font-semibold">{t("calendar.agenda")}</h3>
          {agendaDays.length === 0 ? <p className="text-sm text-muted-foreground">{t("calendar.agendaEmpty")}</p> : null}
          {agendaDays.map((cell) => {
            const dayLabel = longDay(format, cell.day);
            return (
              <section key={cell.day} id={`agenda-${cell.day}`} aria-label={dayLabel} className="scroll-mt-20">
                <h4 className="mb-1 text-sm font-semibold">{dayLabel}</h4>
                <ul className="flex flex-col gap-1">
                  {cell.appointments.map((appointment) => (
                    <li key={appointment.id}>
                      <Link
                        to={`/dashboard/appointments/${appointment.id}`}
                        className="flex flex-wrap items-center justify-between gap-2 rounded-md border bg-card p-2 text-sm hover:bg-muted"
                      >
                        <span className="flex min-w-0 flex-col">
                          <span className="font-medium">
                            {format.time(appointment.startsAt)} · {appointment.clientName}
                          </span>
                          <span className="text-muted-foreground">{appointment.serviceTitle}</span>
                        </span>
                        <StatusLabel status={appointment.status} label={t(`status.${appointment.status}`)} />
                      </Link>
                    </li>
                  ))}
                </ul>
                <MoreLink cell={cell} to={moreLink(cell.day)} view={calendar.view} t={t} dayLabel={dayLabel} className="mt-1 inline-block text-sm" />
              </section>
            );
          })}
        </div>
      ) : null}
    </section>
  );
}

/** A day as its accessible names say it: "Monday, November 2". */
const longDay = (format: Formatter, day: string) => format.day(day, { weekday: "long", day: "numeric", month: "long" });

/** "+N more" under a day that shows only its first appointments: that day's week lists them all. */
function MoreLink({
  cell,
  to,
  view,
  t,
  dayLabel,
  className,
}: {
  cell: CalendarDay;
  to: string;
  view: "month" | "week";
  t: TFunction<"appointments">;
  dayLabel: string;
  className?: string;
}) {
  const hidden = cell.total - cell.appointments.length;
  if (hidden <= 0) return null;
  return (
    <Link
      to={to}
      className={cn("primary-link", className)}
      aria-label={t(view === "month" ? "calendar.moreLabel" : "calendar.moreListLabel", { count: hidden, day: dayLabel })}
      data-testid="calendar-more"
    >
      {t("calendar.more", { count: hidden })}
    </Link>
  );
}

function DayCell({
  cell,
  view,
  moreLink,
  t,
  format,
}: {
  cell: CalendarDay;
  view: "month" | "week";
  moreLink: string;
  t: TFunction<"appointments">;
  format: Formatter;
}) {
  const count = cell.total;
  const label = format.day(cell.day, { day: "numeric", month: view === "week" ? "short" : undefined });
  // Named only where the day has appointments (its count and its "+N more" say which day).
  const dayLabel = count > 0 ? longDay(format, cell.day) : "";
  return (
    <>
      <div className={cn("mb-1 text-xs font-semibold", cell.isToday && "text-primary")}>
        {label}
        {cell.isToday ? <span className="ms-1 hidden sm:inline">({t("calendar.today")})</span> : null}
      </div>
      {count > 0 && cell.inRange ? (
        <a
          href={view === "week" ? `#agenda-${cell.day}` : `${moreLink}#agenda-${cell.day}`}
          className="calendar-count"
          aria-label={t("calendar.dayCount", { count, day: dayLabel })}
        >
          {count}
        </a>
      ) : null}
      <ul className="hidden flex-col gap-1 sm:flex">
        {cell.appointments.map((appointment) => (
          <li key={appointment.id}>
            <Link to={`/dashboard/appointments/${appointment.id}`} className="calendar-entry">
              <span className="font-medium break-words">
                {format.time(appointment.startsAt)} · {appointment.clientName}
              </span>
              {view === "week" ? <span className="text-muted-foreground">{appointment.serviceTitle}</span> : null}
              <StatusLabel status={appointment.status} label={t(`status.${appointment.status}`)} />
            </Link>
          </li>
        ))}
      </ul>
      <MoreLink cell={cell} to={moreLink} view={view} t={t} dayLabel={dayLabel} className="mt-1 hidden text-xs sm:inline-block" />
    </>
  );
}
