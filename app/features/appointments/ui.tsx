import { CalendarCheck, CalendarClock, CalendarPlus, CalendarX, CheckCircle2, UserX } from "lucide-react";
import { useEffect, useState } from "react";
import { useTranslation } from "react-i18next";
import { Button } from "~/components/ui/button";
import { intlLocale } from "~/lib/i18n/config";
import { useNonce } from "~/lib/nonce";
import { cn } from "~/lib/utils";
import type { AppointmentStatus } from "./status";

/** UI pieces shared by the appointment and calendar pages. */

const STATUS_STYLE: Record<AppointmentStatus, { icon: typeof CalendarClock; className: string }> = {
  requested: { icon: CalendarClock, className: "border-warning/50 bg-warning/10" },
  confirmed: { icon: CalendarCheck, className: "border-primary/40 bg-primary/10" },
  completed: { icon: CheckCircle2, className: "border-success/50 bg-success/10" },
  cancelled: { icon: CalendarX, className: "border-border bg-muted" },
  no_show: { icon: UserX, className: "border-destructive/40 bg-destructive/10" },
};

/** A status as an icon and a word (never colour alone). */
export function StatusBadge({ status }: { status: AppointmentStatus }) {
  const { t } = useTranslation("appointments");
  const { icon: Icon, className } = STATUS_STYLE[status];
  return (
    <span className={cn("inline-flex items-center gap-1 rounded-full border px-2 py-0.5 text-xs font-medium text-foreground", className)}>
      <Icon aria-hidden className="size-3.5" />
      {t(`status.${status}`)}
    </span>
  );
}

/** Date and time in the reader's language and a given time zone. */
export function useDateFormat() {
  const { i18n } = useTranslation();
  const locale = intlLocale(i18n.language);
  return {
    dateTime: (iso: string, timeZone: string) =>
      new Intl.DateTimeFormat(locale, { dateStyle: "medium", timeStyle: "short", timeZone }).format(new Date(iso)),
    longDateTime: (iso: string, timeZone: string) =>
      new Intl.DateTimeFormat(locale, { dateStyle: "full", timeStyle: "short", timeZone }).format(new Date(iso)),
    time: (iso: string, timeZone: string) => new Intl.DateTimeFormat(locale, { timeStyle: "short", timeZone }).format(new Date(iso)),
    /** a calendar day (YYYY-MM-DD) as words, e.g. "Monday, March 4" */
    day: (day: string, options: Intl.DateTimeFormatOptions = { weekday: "long", month: "long", day: "numeric" }) =>
      new Intl.DateTimeFormat(locale, { ...options, timeZone: "UTC" }).format(new Date(`${day}T12:00:00Z`)),
  };
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


type HistoryItem = { id: string; fromStatus: string | null; toStatus: string; note: string | null; createdAt: string; changedByName: string | null };

/** The status history of an appointment; staff also see the previous state and who made each change. */
export function AppointmentHistory({ history, timeZone, detailed = false }: { history: HistoryItem[]; timeZone: string; detailed?: boolean }) {
  const { t } = useTranslation("appointments");
  const format = useDateFormat();
  return (
    <section aria-labelledby="history" className="flex flex-col gap-3 rounded-lg border bg-card p-5">
      <h2 id="history" className="text-lg font-semibold">{t("fields.history")}</h2>
      <ol className="flex flex-col gap-2">
        {history.map((entry) => (
          <li key={entry.id} className="flex flex-wrap items-center gap-2 text-sm">
            {detailed && entry.fromStatus ? (
              <>
                <StatusBadge status={entry.fromStatus as AppointmentStatus} />
                <span aria-hidden>→</span>
              </>
            ) : null}
            <StatusBadge status={entry.toStatus as AppointmentStatus} />
            <span className="text-muted-foreground">
              {format.dateTime(entry.createdAt, timeZone)}
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
