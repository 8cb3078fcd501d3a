import { GeneralErrorBoundary } from "~/components/error-boundary";
import { getFormProps, getInputProps, getSelectProps, type SubmissionResult } from "@conform-to/react";
import { parseWithZod } from "@conform-to/zod";
import { json, type ActionFunctionArgs, type LoaderFunctionArgs, type MetaFunction } from "@remix-run/node";
import { Form, Link, useActionData, useLoaderData, useNavigation } from "@remix-run/react";
import { ChevronLeft, ChevronRight, Trash2 } from "lucide-react";
import { useTranslation } from "react-i18next";
import { z } from "zod";
import { FieldErrors, FormErrors, TextField, useZodForm } from "~/components/forms";
import { Button } from "~/components/ui/button";
import { Input, Select } from "~/components/ui/input";
import { Label } from "~/components/ui/label";
import { buildCalendar } from "~/features/appointments/calendar.server";
import { StatusBadge, useDateFormat } from "~/features/appointments/ui";
import { AddClosedDaySchema, AvailabilitySchema, RemoveClosedDaySchema } from "~/features/availability/availability.schema";
import { addClosedDay, getAvailabilitySettings, listClosedDays, removeClosedDay, updateAvailabilitySettings } from "~/features/availability/availability.server";
import { WEEKDAYS } from "~/features/availability/slots";
import { requireAdmin } from "~/features/auth/guards.server";
import { getFixedT, getLanguage } from "~/lib/i18n/i18n.server";
import { cn } from "~/lib/utils";
import { redirectWithToast } from "~/lib/toast.server";

/**
 * The appointment calendar (month and week views, navigable by GET parameters,
 * rendered on the server) and the office's availability: time zone, weekly hours
 * (one range per weekday), slot length, buffer, notice, horizon, closed days.
 */
const QuerySchema = z.object({
  view: z.enum(["month", "week"]).catch("month"),
  date: z.string().regex(/^\d{4}-\d{2}-\d{2}$/).optional().catch(undefined),
});

export async function loader({ request }: LoaderFunctionArgs) {
  await requireAdmin(request);
  const language = await getLanguage(request);
  const query = QuerySchema.parse(Object.fromEntries(new URL(request.url).searchParams));
  const rules = await getAvailabilitySettings();
  const calendar = await buildCalendar({ view: query.view, date: query.date, timeZone: rules.timeZone, locale: language });
  const closedDays = await listClosedDays({ from: calendar.today, limit: 100 });
  const t = await getFixedT(request, "appointments");
  return json({
    calendar,
    rules,
    closedDays,
    timeZones: Intl.supportedValuesOf("timeZone"),
    title: t("calendar.title"),
  });
}

export async function action({ request }: ActionFunctionArgs) {
  await requireAdmin(request);
  const formData = await request.formData();
  const back = new URL(request.url);
  const intent = formData.get("intent");
  if (intent === "settings") {
    const submission = parseWithZod(formData, { schema: AvailabilitySchema });
    if (submission.status !== "success") return json({ intent, result: submission.reply() }, { status: 400 });
    const { days, ...rest } = submission.value;
    await updateAvailabilitySettings({
      ...rest,
      weeklyHours: Object.fromEntries(
        WEEKDAYS.map((weekday, index) => {
          const day = days[index]!;
          return [weekday, day.open && day.start && day.end ? [{ start: day.start, end: day.end }] : []];
        }),
      ),
    });
    return redirectWithToast(`${back.pathname}${back.search}`, { type: "success", message: "appointments:toast.settingsSaved" });
  }
  if (intent === "addClosedDay") {
    const submission = parseWithZod(formData, { schema: AddClosedDaySchema });
    if (submission.status !== "success") return json({ intent, result: submission.reply() }, { status: 400 });
    await addClosedDay(submission.value.day, submission.value.reason || null);
    return redirectWithToast(`${back.pathname}${back.search}`, { type: "success", message: "appointments:toast.closedDayAdded" });
  }
  if (intent === "removeClosedDay") {
    const submission = parseWithZod(formData, { schema: RemoveClosedDaySchema });
    if (submission.status !== "success") return json({ intent, result: submission.reply() }, { status: 400 });
    await removeClosedDay(submission.value.day);
    return redirectWithToast(`${back.pathname}${back.search}`, { type: "success", message: "appointments:toast.closedDayRemoved" });
  }
  return json({ intent: null, result: null }, { status: 400 });
}

type ActionResult = { intent: FormDataEntryValue | null; result: SubmissionResult<string[]> | null } | undefined;

function CalendarGrid() {
  const { calendar, rules } = useLoaderData<typeof loader>();
  const { t } = useTranslation("appointments");
  const format = useDateFormat();
  const periodLabel =
    calendar.view === "month"
      ? format.day(calendar.periodStart, { month: "long", year: "numeric" })
      : t("calendar.weekOf", { start: format.day(calendar.periodStart, { day: "numeric", month: "short" }), end: format.day(calendar.periodEnd, { day: "numeric", month: "short", year: "numeric" }) });
  const link = (params: { view?: string; date?: string }) => `?view=${params.view ?? calendar.view}&date=${params.date ?? calendar.anchor}`;

  return (
    <section aria-labelledby="calendar-period" className="flex flex-col gap-3">
      <div className="flex flex-wrap items-center justify-between gap-3">
        <h2 id="calendar-period" className="text-lg font-semibold">{periodLabel}</h2>
        <nav aria-label={t("calendar.navigation")} className="flex flex-wrap items-center gap-2 text-sm">
          <Link to={link({ date: calendar.previous })} className="inline-flex items-center gap-1 rounded-md border px-3 py-1.5 hover:bg-muted">
            <ChevronLeft aria-hidden className="size-4 rtl:rotate-180" />
            {t("calendar.previous")}
          </Link>
          <Link to={link({ date: calendar.today })} className="rounded-md border px-3 py-1.5 hover:bg-muted">{t("calendar.today")}</Link>
          <Link to={link({ date: calendar.next })} className="inline-flex items-center gap-1 rounded-md border px-3 py-1.5 hover:bg-muted">
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
      <p className="text-sm text-muted-foreground">{t("calendar.zone", { zone: rules.timeZone })}</p>
      <div className="overflow-x-auto rounded-lg border">
        <table className="w-full min-w-[42rem] table-fixed text-sm">
          <thead className="bg-muted">
            <tr>
              {calendar.weeks[0]!.map((cell) => (
                <th key={cell.day} scope="col" className="p-2 text-start font-medium">
                  {format.day(cell.day, { weekday: "short" })}
                </th>
              ))}
            </tr>
          </thead>
          <tbody>
            {calendar.weeks.map((week) => (
              <tr key={week[0]!.day} className="border-t align-top">
                {week.map((cell) => (
                  <td key={cell.day} className={cn("border-s p-2 first:border-s-0", calendar.view === "month" ? "h-28" : "h-64", !cell.inRange && "bg-muted/40 text-muted-foreground")}>
                    <div className={cn("mb-1 text-xs font-semibold", cell.isToday && "text-primary")}>
                      {format.day(cell.day, { day: "numeric", month: calendar.view === "week" ? "short" : undefined })}
                      {cell.isToday ? <span className="ms-1">({t("calendar.today")})</span> : null}
                    </div>
                    <ul className="flex flex-col gap-1">
                      {cell.appointments.map((appointment) => (
                        <li key={appointment.id}>
                          <Link to={`/dashboard/appointments/${appointment.id}`} className="flex flex-col gap-0.5 rounded border bg-card p-1 text-xs hover:bg-muted">
                            <span className="font-medium">
                              {format.time(appointment.startsAt, rules.timeZone)} · {appointment.clientName}
                            </span>
                            {calendar.view === "week" ? <span className="text-muted-foreground">{appointment.serviceTitle}</span> : null}
                            <StatusBadge status={appointment.status} />
                          </Link>
                        </li>
                      ))}
                    </ul>
                  </td>
                ))}
              </tr>
            ))}
          </tbody>
        </table>
      </div>
    </section>
  );
}

function SettingsForm({ lastResult }: { lastResult: SubmissionResult<string[]> | null | undefined }) {
  const { rules, timeZones } = useLoaderData<typeof loader>();
  const { t } = useTranslation("appointments");
  const format = useDateFormat();
  const navigation = useNavigation();
  const [form, fields] = useZodForm(AvailabilitySchema, {
    id: "availability-settings",
    lastResult,
    shouldValidate: "onSubmit",
    defaultValue: {
      timeZone: rules.timeZone,
      slotMinutes: String(rules.slotMinutes),
      bufferMinutes: String(rules.bufferMinutes),
      minNoticeHours: String(rules.minNoticeHours),
      maxDaysAhead: String(rules.maxDaysAhead),
      days: WEEKDAYS.map((weekday) => {
        const range = rules.weeklyHours[weekday]?.[0];
        return { open: range ? "on" : undefined, start: range?.start ?? "09:00", end: range?.end ?? "17:00" };
      }),
    },
  });
  const days = fields.days.getFieldList();
  // 2024-01-01 was a Monday: ISO weekday n is that date plus n − 1 days.
  const weekdayName = (index: number) => format.day(`2024-01-0${index + 1}`, { weekday: "long" });

  return (
    <Form method="post" {...getFormProps(form)} className="flex flex-col gap-5">
      <input type="hidden" name="intent" value="settings" />
      <FormErrors id={form.errorId} errors={form.errors} />
      <div className="grid gap-4 sm:grid-cols-2 lg:grid-cols-3">
        <div className="flex flex-col gap-1.5">
          <Label htmlFor={fields.timeZone.id}>{t("calendar.settings.timeZone")}</Label>
          <Select {...getSelectProps(fields.timeZone)}>
            {timeZones.map((zone) => (
              <option key={zone} value={zone}>
                {zone}
              </option>
            ))}
          </Select>
          <FieldErrors id={fields.timeZone.errorId} errors={fields.timeZone.errors} />
        </div>
        <TextField field={fields.slotMinutes} type="number" label={t("calendar.settings.slotMinutes")} />
        <TextField field={fields.bufferMinutes} type="number" label={t("calendar.settings.bufferMinutes")} />
        <TextField field={fields.minNoticeHours} type="number" label={t("calendar.settings.minNoticeHours")} />
        <TextField field={fields.maxDaysAhead} type="number" label={t("calendar.settings.maxDaysAhead")} />
      </div>
      <fieldset className="flex flex-col gap-2">
        <legend className="mb-2 font-medium">{t("calendar.settings.weeklyHours")}</legend>
        {days.map((day, index) => {
          const { open, start, end } = day.getFieldset();
          return (
            <div key={day.key} className="flex flex-wrap items-center gap-3 rounded-md border p-2">
              <label className="flex w-40 items-center gap-2 text-sm font-medium">
                <input {...getInputProps(open, { type: "checkbox" })} />
                {weekdayName(index)}
              </label>
              <div className="flex items-center gap-2">
                <Label htmlFor={start.id} className="text-xs text-muted-foreground">{t("calendar.settings.opens")}</Label>
                <Input {...getInputProps(start, { type: "time" })} className="w-32" />
              </div>
              <div className="flex items-center gap-2">
                <Label htmlFor={end.id} className="text-xs text-muted-foreground">{t("calendar.settings.closes")}</Label>
                <Input {...getInputProps(end, { type: "time" })} className="w-32" />
              </div>
              <FieldErrors id={end.errorId} errors={end.errors} />
            </div>
          );
        })}
        <p className="text-xs text-muted-foreground">{t("calendar.settings.weeklyHint")}</p>
      </fieldset>
      <div>
        <Button type="submit" disabled={navigation.state === "submitting"}>{t("calendar.settings.save")}</Button>
      </div>
    </Form>
  );
}

function ClosedDays({ lastResult }: { lastResult: SubmissionResult<string[]> | null | undefined }) {
  const { closedDays } = useLoaderData<typeof loader>();
  const { t } = useTranslation("appointments");
  const format = useDateFormat();
  const [form, fields] = useZodForm(AddClosedDaySchema, {
    id: "closed-day",
    lastResult,
    shouldValidate: "onSubmit",
  });
  return (
    <div className="flex flex-col gap-4">
      {closedDays.length === 0 ? (
        <p className="text-sm text-muted-foreground">{t("calendar.closed.none")}</p>
      ) : (
        <ul className="flex flex-col gap-2">
          {closedDays.map((closed) => (
            <li key={closed.day} className="flex flex-wrap items-center justify-between gap-2 rounded-md border p-2 text-sm">
              <span>
                <span className="font-medium">{format.day(closed.day, { weekday: "long", day: "numeric", month: "long", year: "numeric" })}</span>
                {closed.reason ? <span className="text-muted-foreground"> — {closed.reason}</span> : null}
              </span>
              <Form method="post">
                <input type="hidden" name="intent" value="removeClosedDay" />
                <input type="hidden" name="day" value={closed.day} />
                <Button type="submit" variant="ghost" size="sm">
                  <Trash2 aria-hidden />
                  {t("calendar.closed.remove", { day: closed.day })}
                </Button>
              </Form>
            </li>
          ))}
        </ul>
      )}
      <Form method="post" {...getFormProps(form)} className="flex flex-wrap items-end gap-3">
        <input type="hidden" name="intent" value="addClosedDay" />
        <FormErrors id={form.errorId} errors={form.errors} />
        <TextField field={fields.day} type="date" label={t("calendar.closed.day")} />
        <TextField field={fields.reason} label={t("calendar.closed.reason")} className="min-w-64" />
        <Button type="submit" variant="outline">{t("calendar.closed.add")}</Button>
      </Form>
    </div>
  );
}

export default function DashboardCalendar() {
  const actionData = useActionData<typeof action>() as ActionResult;
  const navigation = useNavigation();
  const { t } = useTranslation("appointments");
  const result = (intent: string) => (navigation.state === "idle" && actionData?.intent === intent ? actionData.result : undefined);
  return (
    <div className="flex flex-col gap-8">
      <h1 className="text-2xl font-semibold">{t("calendar.title")}</h1>
      <CalendarGrid />
      <section aria-labelledby="availability" className="flex flex-col gap-4 rounded-lg border bg-card p-5">
        <h2 id="availability" className="text-lg font-semibold">{t("calendar.settings.title")}</h2>
        <SettingsForm lastResult={result("settings")} />
      </section>
      <section aria-labelledby="closed-days" className="flex flex-col gap-4 rounded-lg border bg-card p-5">
        <h2 id="closed-days" className="text-lg font-semibold">{t("calendar.closed.title")}</h2>
        <ClosedDays lastResult={result("addClosedDay")} />
      </section>
    </div>
  );
}

export const meta: MetaFunction<typeof loader> = ({ data }) => [{ title: data?.title }];

export const ErrorBoundary = GeneralErrorBoundary;
