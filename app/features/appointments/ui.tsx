import { Form, Link, useLocation } from "@remix-run/react";
import { CalendarCheck, CalendarClock, CalendarPlus, CalendarX, CheckCircle2, ChevronLeft, ChevronRight, UserX, type LucideIcon } from "lucide-react";
import { useEffect, useRef, useState, type FormEvent, type ReactNode } from "react";
import { useTranslation } from "react-i18next";
import { useHydrated } from "remix-utils/use-hydrated";
import { Badge, type BadgeTone } from "~/components/ui/badge";
import { Button } from "~/components/ui/button";
import { createFormatter, useFormatter } from "~/lib/format";
import { useNonce } from "~/lib/nonce";
import { cn } from "~/lib/utils";
import type { AppointmentStatus } from "./status";

/** UI pieces shared by the appointment and calendar pages. Every date and time goes through lib/format. */

const STATUS_LOOK: Record<AppointmentStatus, { icon: LucideIcon; tone: BadgeTone }> = {
  requested: { icon: CalendarClock, tone: "warning" },
  confirmed: { icon: CalendarCheck, tone: "primary" },
  completed: { icon: CheckCircle2, tone: "success" },
  cancelled: { icon: CalendarX, tone: "neutral" },
  no_show: { icon: UserX, tone: "danger" },
};

/** A status as an icon and a word (never colour alone). */
export function StatusBadge({ status }: { status: AppointmentStatus }) {
  const { t } = useTranslation("appointments");
  return <StatusLabel status={status} label={t(`status.${status}`)} withIcon />;
}

/**
 * A status's word in its colour, without hooks: where many share a page (the calendar's days), the page
 * translates the word and the icon is left out (the word and colour say it).
 */
export function StatusLabel({ status, label, withIcon = false }: { status: AppointmentStatus; label: string; withIcon?: boolean }) {
  const { icon, tone } = STATUS_LOOK[status];
  return (
    <Badge tone={tone} icon={withIcon ? icon : undefined}>
      {label}
    </Badge>
  );
}

/**
 * When an appointment takes place, in the viewer's zone (the zone named), and below it the
 * same time in another zone when it differs (the office's for a client, the client's for staff).
 */
export function AppointmentWhen({ startsAt, endsAt, other }: { startsAt: string; endsAt: string; other?: { zone: string | null; labelKey: string } }) {
  const { t, i18n } = useTranslation("appointments");
  const format = useFormatter();
  const otherZone = other?.zone && other.zone !== format.timeZone ? other.zone : null;
  return (
    <>
      {format.longDateTime(startsAt)} – {format.time(endsAt)}
      {otherZone ? (
        <span className="block text-sm text-muted-foreground">
          {t(other!.labelKey, { when: createFormatter(i18n.language, otherZone).dateTime(startsAt), zone: otherZone })}
        </span>
      ) : null}
    </>
  );
}

/**
 * A hidden field the browser fills with its time zone, so the server can show
 * times in it; without JavaScript it stays empty and the office's zone is used.
 * An inline script fills it as soon as it is parsed (a click before hydration
 * still sends the zone); after hydration React holds the value in state, since
 * hydration and every re-render write `defaultValue` back into a hidden input.
 */
export function BrowserTimeZoneInput({ name = "tz", defaultValue }: { name?: string; defaultValue?: string }) {
  const nonce = useNonce();
  const [zone, setZone] = useState(defaultValue ?? "");
  useEffect(() => {
    const browserZone = Intl.DateTimeFormat().resolvedOptions().timeZone;
    if (browserZone) setZone((current) => current || browserZone);
  }, []);
  return (
    <>
      <input type="hidden" name={name} value={zone} />
      <script nonce={nonce} suppressHydrationWarning dangerouslySetInnerHTML={{ __html: FILL_TIME_ZONE }} />
    </>
  );
}

const FILL_TIME_ZONE =
  "(function(s){var i=s&&s.previousElementSibling;if(i&&!i.value){try{i.value=Intl.DateTimeFormat().resolvedOptions().timeZone||''}catch(e){}}})(document.currentScript)";

/**
 * The next step of a GET form: the form's action names the step's id as the URL's
 * fragment, so without JavaScript the browser scrolls to it; with JavaScript this hook
 * moves the focus there (and the view) each time the step's content changes.
 */
export function useStepFocus<T extends HTMLElement>(id: string, key: string | null) {
  const ref = useRef<T>(null);
  const location = useLocation();
  useEffect(() => {
    if (!key || location.hash !== `#${id}` || !ref.current) return;
    ref.current.focus({ preventScroll: true });
    ref.current.scrollIntoView({ block: "start" });
  }, [id, key, location.hash, location.key]);
  return ref;
}

type HistoryItem = {
  id: string;
  fromStatus: AppointmentStatus | null;
  toStatus: AppointmentStatus;
  note: string | null;
  createdAt: string;
  changedByName: string | null;
};

/** The status history of an appointment; staff also see the previous state and who made each change. */
export function AppointmentHistory({ history, detailed = false }: { history: HistoryItem[]; detailed?: boolean }) {
  const { t } = useTranslation("appointments");
  const format = useFormatter();
  return (
    <section aria-labelledby="history" className="flex flex-col gap-3 rounded-lg border bg-card p-5">
      <h2 id="history" className="text-lg font-semibold">
        {t("fields.history")}
      </h2>
      <ol className="flex flex-col gap-2">
        {history.map((entry) => (
          <li key={entry.id} className="flex flex-wrap items-center gap-2 text-sm">
            {detailed && entry.fromStatus ? (
              <>
                <StatusBadge status={entry.fromStatus} />
                <span aria-hidden className="inline-block rtl:rotate-180">
                  →
                </span>
              </>
            ) : null}
            <StatusBadge status={entry.toStatus} />
            <span className="text-muted-foreground">
              {format.dateTime(entry.createdAt)}
              {detailed && entry.changedByName ? ` · ${entry.changedByName}` : ""}
            </span>
            {entry.note ? <span>— {entry.note}</span> : null}
          </li>
        ))}
      </ol>
    </section>
  );
}

/** Downloads the appointment as an .ics file for the reader's own calendar (client and staff pages). */
export function AddToCalendarButton({ appointment }: { appointment: { id: string; reference: string } }) {
  const { t } = useTranslation("appointments");
  return (
    <div>
      <Button asChild variant="outline">
        <a href={`/resources/appointments/${appointment.id}/ics`} download={`${appointment.reference}.ics`}>
          <CalendarPlus aria-hidden />
          {t("client.detail.addToCalendar")}
        </a>
      </Button>
    </div>
  );
}

/**
 * A booking step's GET form: without JavaScript its button sends the choice; with JavaScript
 * the choice itself does (a service chosen shows its days, a day its times, as on Cal.com), so
 * the button is hidden once the page is hydrated. A choice left empty is not sent: the
 * browser says the field is required, as it would for the button.
 */
export function StepForm({ action, button, className, children }: { action: string; button: string; className?: string; children: ReactNode }) {
  const hydrated = useHydrated();
  const sendChoice = (event: FormEvent<HTMLFormElement>) => event.currentTarget.requestSubmit();
  return (
    <Form method="get" action={action} onChange={sendChoice} className={className}>
      {children}
      <div className={hydrated ? "hidden" : undefined}>
        <Button type="submit" variant="outline">
          {button}
        </Button>
      </div>
    </Form>
  );
}

type PickerData = {
  month: string;
  previous: string | null;
  next: string | null;
  weeks: Array<Array<{ day: string; count: number; inMonth: boolean }>>;
};

/**
 * The booking page's day choice: one month as a compact grid of radio buttons (seven
 * columns fit a 390 px phone), the days with free times enabled, the others not; links
 * to the months before and after. Each day's accessible name is its date and free count.
 */
export function DayPicker({ picker, chosen, monthHref }: { picker: PickerData; chosen: string | null; monthHref: (month: string) => string }) {
  const { t } = useTranslation("appointments");
  const format = useFormatter();
  const monthName = format.day(`${picker.month}-01`, { month: "long", year: "numeric" });
  const navLink = (month: string | null, label: string, icon: ReactNode) =>
    month ? (
      <Link to={monthHref(month)} className="inline-flex size-9 items-center justify-center rounded-md border hover:bg-muted" aria-label={label} title={label}>
        {icon}
      </Link>
    ) : (
      <span className="size-9" aria-hidden />
    );
  return (
    <fieldset className="flex w-full max-w-sm flex-col gap-2">
      <legend className="mb-2 text-sm font-medium">{t("client.new.day")}</legend>
      <div className="flex items-center justify-between gap-2">
        {navLink(picker.previous, t("client.new.previousMonth"), <ChevronLeft aria-hidden className="size-4 rtl:rotate-180" />)}
        <p className="font-semibold" aria-live="polite">
          {monthName}
        </p>
        {navLink(picker.next, t("client.new.nextMonth"), <ChevronRight aria-hidden className="size-4 rtl:rotate-180" />)}
      </div>
      <div className="grid grid-cols-7 gap-1 text-center" data-testid="day-picker">
        {picker.weeks[0]!.map((cell) => (
          <span key={`head-${cell.day}`} aria-hidden className="py-1 text-xs font-medium text-muted-foreground">
            {format.day(cell.day, { weekday: "narrow" })}
          </span>
        ))}
        {picker.weeks.flat().map((cell) =>
          cell.inMonth ? (
            <label
              key={cell.day}
              className={cn(
                "relative flex h-11 flex-col items-center justify-center rounded-md border text-sm tabular-nums",
                cell.count > 0 ? "cursor-pointer border-primary/40 font-semibold hover:bg-muted" : "border-transparent text-muted-foreground/60",
                "has-[:checked]:border-primary has-[:checked]:bg-primary has-[:checked]:text-primary-foreground",
              )}
            >
              <input
                type="radio"
                name="day"
                value={cell.day}
                defaultChecked={cell.day === chosen}
                disabled={cell.count === 0}
                required
                className="absolute inset-0 cursor-pointer appearance-none rounded-md focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-ring disabled:cursor-not-allowed"
                aria-label={
                  cell.count > 0
                    ? `${format.day(cell.day, { weekday: "long", month: "long", day: "numeric" })} · ${t("client.new.freeCount", { count: cell.count })}`
                    : `${format.day(cell.day, { weekday: "long", month: "long", day: "numeric" })} · ${t("client.new.noneFree")}`
                }
              />
              <span aria-hidden>{format.day(cell.day, { day: "numeric" })}</span>
              {cell.count > 0 ? <span aria-hidden className="size-1 rounded-full bg-current" /> : null}
            </label>
          ) : (
            <span key={cell.day} aria-hidden />
          ),
        )}
      </div>
    </fieldset>
  );
}

/** The free times of a day as radio buttons, each time with its zone. */
export function SlotRadios({
  slots,
  timeZone,
  name,
  chosen,
  legend,
  errorId,
  children,
}: {
  slots: Array<{ startsAt: string }>;
  timeZone: string;
  name: string;
  chosen?: string;
  legend: ReactNode;
  errorId?: string;
  children?: ReactNode;
}) {
  const { i18n } = useTranslation();
  const format = createFormatter(i18n.language, timeZone);
  return (
    <fieldset aria-describedby={errorId}>
      <legend className="mb-2 text-sm font-medium">{legend}</legend>
      <div className="grid grid-cols-2 gap-2 sm:grid-cols-4 lg:grid-cols-6">
        {slots.map((slot) => (
          <label
            key={slot.startsAt}
            className="flex cursor-pointer items-center justify-center gap-2 rounded-md border p-2 text-sm has-[:checked]:border-primary has-[:checked]:bg-primary/10"
          >
            <input type="radio" name={name} value={slot.startsAt} defaultChecked={slot.startsAt === chosen} required />
            {format.time(slot.startsAt)}
          </label>
        ))}
      </div>
      {children}
    </fieldset>
  );
}
