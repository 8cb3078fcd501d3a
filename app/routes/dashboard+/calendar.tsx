import { parseWithZod } from "@conform-to/zod";
import { json, type ActionFunctionArgs, type LoaderFunctionArgs } from "@remix-run/node";
import { useActionData, useLoaderData, useNavigation } from "@remix-run/react";
import type { SubmissionResult } from "@conform-to/react";
import { DateTime } from "luxon";
import { useTranslation } from "react-i18next";
import { z } from "zod";
import { GeneralErrorBoundary } from "~/components/error-boundary";
import { LinkTabs } from "~/components/link-tabs";
import { PageHeader } from "~/components/page-header";
import { buildCalendar } from "~/features/appointments/index.server";
import { CalendarView } from "~/features/appointments";
import { AvailabilitySettingsForm, ClosedDaysForm, AddClosedDaySchema, AvailabilitySchema, RemoveClosedDaySchema, WEEKDAYS } from "~/features/availability";
import { addClosedDay, getAvailabilitySettings, listClosedDays, removeClosedDay, updateAvailabilitySettings } from "~/features/availability/index.server";
import { listTimeZones, viewerTimeZone } from "~/core/office/time-zone.server";
import { requireAdmin } from "~/core/identity/guards.server";
import { createFormatter } from "~/lib/format";
import { clientIp, currentPath } from "~/lib/http.server";
import { getFixedT, getLanguage } from "~/lib/i18n/i18n.server";
import type { RouteHandle } from "~/lib/i18n/namespaces";
import { titleMeta } from "~/lib/meta";
import { redirectWithToast } from "~/lib/toast.server";

/**
 * The appointment calendar (month and week views, navigable by GET parameters, drawn
 * on the server in the viewer's zone, weeks from the reader's first day of the week)
 * and the office's availability: time zone, weekly hours (one range per weekday), slot
 * length, buffer, notice, horizon, closed days. The two are link tabs (`?tab=availability`), so the
 * calendar's page carries neither the zone list nor the closed days' forms.
 */
const QuerySchema = z.object({
  tab: z.enum(["calendar", "availability"]).catch("calendar"),
  view: z.enum(["month", "week"]).catch("month"),
  date: z
    .string()
    .regex(/^\d{4}-\d{2}-\d{2}$/)
    .optional()
    .catch(undefined),
});

export async function loader({ request }: LoaderFunctionArgs) {
  const user = await requireAdmin(request);
  const language = await getLanguage(request);
  const query = QuerySchema.parse(Object.fromEntries(new URL(request.url).searchParams));
  const t = await getFixedT(request, "appointments");
  const timeZone = await viewerTimeZone(user);
  // The viewer's today, as the calendar's: closed days from then on.
  const today = DateTime.now().setZone(timeZone).toISODate()!;
  if (query.tab === "availability") {
    const [rules, closedDays] = await Promise.all([getAvailabilitySettings(), listClosedDays({ from: today, limit: 100 })]);
    return json({ tab: query.tab, calendar: null, availability: { rules, closedDays, timeZones: listTimeZones() }, title: t("calendar.title") });
  }
  const weekStart = createFormatter(language, timeZone).firstDayOfWeek();
  const calendar = await buildCalendar({ view: query.view, date: query.date, timeZone, language, weekStart });
  return json({ tab: query.tab, calendar, availability: null, title: t("calendar.title") });
}

export async function action({ request }: ActionFunctionArgs) {
  const user = await requireAdmin(request);
  const by = { actorId: user.id, ip: clientIp(request) };
  const formData = await request.formData();
  const back = currentPath(request);
  const intent = formData.get("intent");
  if (intent === "settings") {
    const submission = parseWithZod(formData, { schema: AvailabilitySchema });
    if (submission.status !== "success") return json({ intent, result: submission.reply() }, { status: 400 });
    const { days, ...rest } = submission.value;
    await updateAvailabilitySettings(
      {
        ...rest,
        weeklyHours: Object.fromEntries(
          WEEKDAYS.map((weekday, index) => {
            const day = days[index]!;
            return [weekday, day.open && day.start && day.end ? [{ start: day.start, end: day.end }] : []];
          }),
        ),
      },
      by,
    );
    return redirectWithToast(back, { type: "success", message: "appointments:toast.settingsSaved" });
  }
  if (intent === "addClosedDay") {
    const submission = parseWithZod(formData, { schema: AddClosedDaySchema });
    if (submission.status !== "success") return json({ intent, result: submission.reply() }, { status: 400 });
    await addClosedDay(submission.value.day, submission.value.reason || null, by);
    return redirectWithToast(back, { type: "success", message: "appointments:toast.closedDayAdded" });
  }
  if (intent === "removeClosedDay") {
    const submission = parseWithZod(formData, { schema: RemoveClosedDaySchema });
    if (submission.status !== "success") return json({ intent, result: submission.reply() }, { status: 400 });
    await removeClosedDay(submission.value.day, by);
    return redirectWithToast(back, { type: "success", message: "appointments:toast.closedDayRemoved" });
  }
  return json({ intent: null, result: null }, { status: 400 });
}

type ActionResult = { intent: FormDataEntryValue | null; result: SubmissionResult<string[]> | null } | undefined;

export default function DashboardCalendar() {
  const { tab, calendar, availability } = useLoaderData<typeof loader>();
  const actionData = useActionData<typeof action>() as ActionResult;
  const navigation = useNavigation();
  const { t } = useTranslation("appointments");
  const result = (intent: string) => (navigation.state === "idle" && actionData?.intent === intent ? actionData.result : undefined);
  return (
    <div className="flex min-w-0 flex-col gap-8">
      <PageHeader title={t("calendar.title")} />
      <LinkTabs
        label={t("calendar.tabs.label")}
        tabs={[
          { to: "/dashboard/calendar", label: t("calendar.tabs.calendar"), current: tab === "calendar" },
          { to: "/dashboard/calendar?tab=availability", label: t("calendar.tabs.availability"), current: tab === "availability" },
        ]}
      />
      {calendar ? <CalendarView calendar={calendar} /> : null}
      {availability ? (
        <>
          <section aria-labelledby="availability" className="flex flex-col gap-4 rounded-lg border bg-card p-5">
            <h2 id="availability" className="text-lg font-semibold">
              {t("calendar.settings.title")}
            </h2>
            <AvailabilitySettingsForm rules={availability.rules} timeZones={availability.timeZones} lastResult={result("settings")} />
          </section>
          <section aria-labelledby="closed-days" className="flex flex-col gap-4 rounded-lg border bg-card p-5">
            <h2 id="closed-days" className="text-lg font-semibold">
              {t("calendar.closed.title")}
            </h2>
            <ClosedDaysForm closedDays={availability.closedDays} lastResult={result("addClosedDay")} />
          </section>
        </>
      ) : null}
    </div>
  );
}

export const meta = titleMeta;

export const handle = { i18n: ["appointments"] } satisfies RouteHandle;

export const ErrorBoundary = GeneralErrorBoundary;
