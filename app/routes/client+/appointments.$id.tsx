import { GeneralErrorBoundary } from "~/components/error-boundary";
import { getFormProps } from "@conform-to/react";
import { parseWithZod } from "@conform-to/zod";
import { json, type ActionFunctionArgs, type LoaderFunctionArgs, type MetaFunction } from "@remix-run/node";
import { Form, Link, useActionData, useLoaderData, useNavigation } from "@remix-run/react";
import { Globe } from "lucide-react";
import { useTranslation } from "react-i18next";
import { z } from "zod";
import { FieldErrors, FormErrors, useZodForm } from "~/components/forms";
import { Button } from "~/components/ui/button";
import { Select } from "~/components/ui/input";
import { Label } from "~/components/ui/label";
import { ClientAppointmentActionSchema } from "~/features/appointments/appointments.schema";
import {
  AppointmentError,
  changeAppointmentStatus,
  clientMayChange,
  getAppointmentHistory,
  rescheduleAppointment,
} from "~/features/appointments/appointments.server";
import { appointmentOr404, slotChoices } from "~/features/appointments/booking.server";
import { AddToCalendarButton, AppointmentHistory, BrowserTimeZoneInput, StatusBadge, useDateFormat } from "~/features/appointments/ui";
import { getAvailabilitySettings } from "~/features/availability/availability.server";
import { isValidTimeZone } from "~/features/availability/slots";
import { requireFeature } from "~/features/auth/guards.server";
import { getFixedT, getLanguage } from "~/lib/i18n/i18n.server";
import { redirectWithToast } from "~/lib/toast.server";

/**
 * One appointment of the signed-in client. Rescheduling and cancelling are
 * open while the appointment is requested or confirmed and starts at least the
 * office's minimum notice from now (the same rule the API applies).
 */
const QuerySchema = z.object({
  day: z.string().regex(/^\d{4}-\d{2}-\d{2}$/).optional().catch(undefined),
  tz: z.string().max(64).optional().catch(undefined),
});

export async function loader({ request, params }: LoaderFunctionArgs) {
  const user = await requireFeature(request, "appointments");
  const language = await getLanguage(request);
  const actor = { id: user.id, role: "client" };
  const appointment = await appointmentOr404(actor, params.id!, language);
  const [history, rules] = await Promise.all([getAppointmentHistory(actor, appointment.id), getAvailabilitySettings()]);
  const query = QuerySchema.parse(Object.fromEntries(new URL(request.url).searchParams));
  const canChange = clientMayChange(appointment, rules.minNoticeHours);
  const displayZone = [query.tz, appointment.clientTimeZone, user.timeZone].find(isValidTimeZone) ?? rules.timeZone;
  const choices = canChange
    ? await slotChoices({ durationMinutes: appointment.durationMinutes, timeZone: displayZone, day: query.day, ignoreAppointmentId: appointment.id })
    : null;
  const t = await getFixedT(request, "appointments");
  return json({
    appointment,
    history,
    canChange,
    minNoticeHours: rules.minNoticeHours,
    officeTimeZone: rules.timeZone,
    timeZone: choices?.timeZone ?? displayZone,
    choices,
    title: t("client.detail.title", { reference: appointment.reference }),
  });
}

export async function action({ request, params }: ActionFunctionArgs) {
  const user = await requireFeature(request, "appointments");
  const actor = { id: user.id, role: "client" };
  const appointment = await appointmentOr404(actor, params.id!);
  const submission = parseWithZod(await request.formData(), { schema: ClientAppointmentActionSchema });
  if (submission.status !== "success") return json({ result: submission.reply() }, { status: 400 });
  try {
    if (submission.value.intent === "cancel") {
      await changeAppointmentStatus(actor, appointment.id, "cancelled");
      return redirectWithToast(`/client/appointments/${appointment.id}`, { type: "success", message: "appointments:toast.cancelled" });
    }
    await rescheduleAppointment(actor, appointment.id, submission.value.startsAt);
    return redirectWithToast(`/client/appointments/${appointment.id}`, { type: "success", message: "appointments:toast.rescheduled" });
  } catch (error) {
    if (error instanceof AppointmentError) {
      return json({ result: submission.reply({ formErrors: [error.message] }) }, { status: error.status });
    }
    throw error;
  }
}

export default function ClientAppointment() {
  const { appointment, history, canChange, minNoticeHours, officeTimeZone, timeZone, choices } = useLoaderData<typeof loader>();
  const actionData = useActionData<typeof action>();
  const navigation = useNavigation();
  const { t } = useTranslation("appointments");
  const format = useDateFormat();
  const [form, fields] = useZodForm(ClientAppointmentActionSchema, {
    id: "appointment-change",
    lastResult: navigation.state === "idle" ? actionData?.result : undefined,
  });
  const busy = navigation.state === "submitting";

  return (
    <div className="flex flex-col gap-6">
      <div className="flex flex-wrap items-center justify-between gap-3">
        <h1 className="text-2xl font-semibold">{t("client.detail.title", { reference: appointment.reference })}</h1>
        <StatusBadge status={appointment.status} />
      </div>
      <FormErrors id={form.errorId} errors={form.errors} />

      <section aria-labelledby="details" className="flex flex-col gap-3 rounded-lg border bg-card p-5">
        <h2 id="details" className="text-lg font-semibold">{t("client.detail.details")}</h2>
        <dl className="grid gap-x-6 gap-y-2 sm:grid-cols-[max-content_1fr]">
          <dt className="text-sm text-muted-foreground">{t("fields.service")}</dt>
          <dd>{appointment.serviceTitle}</dd>
          <dt className="text-sm text-muted-foreground">{t("fields.when")}</dt>
          <dd>
            {format.longDateTime(appointment.startsAt, timeZone)} – {format.time(appointment.endsAt, timeZone)} ({timeZone})
            {timeZone !== officeTimeZone ? (
              <span className="block text-sm text-muted-foreground">
                {t("client.detail.officeTime", { when: format.dateTime(appointment.startsAt, officeTimeZone), zone: officeTimeZone })}
              </span>
            ) : null}
          </dd>
          <dt className="text-sm text-muted-foreground">{t("fields.notes")}</dt>
          <dd className="whitespace-pre-wrap">{appointment.notes || t("fields.none")}</dd>
        </dl>
        <AddToCalendarButton appointment={appointment} />
      </section>

      {canChange && choices ? (
        <section aria-labelledby="reschedule" className="flex flex-col gap-3 rounded-lg border bg-card p-5">
          <h2 id="reschedule" className="text-lg font-semibold">{t("client.detail.reschedule")}</h2>
          <p className="flex items-start gap-2 text-sm text-muted-foreground">
            <Globe aria-hidden className="mt-0.5 size-4 shrink-0" />
            {t("client.new.zoneNote", { zone: choices.timeZone, office: choices.officeTimeZone })}
          </p>
          {choices.days.length === 0 ? (
            <p>{t("client.new.noDays")}</p>
          ) : (
            <Form method="get" className="flex flex-wrap items-end gap-3">
              <BrowserTimeZoneInput />
              <div className="flex flex-col gap-1.5">
                <Label htmlFor="reschedule-day">{t("client.new.day")}</Label>
                <Select id="reschedule-day" name="day" defaultValue={choices.day ?? ""} required>
                  <option value="">{t("client.new.choose")}</option>
                  {choices.days.map(({ day, count }) => (
                    <option key={day} value={day}>
                      {format.day(day)} · {t("client.new.freeCount", { count })}
                    </option>
                  ))}
                </Select>
              </div>
              <Button type="submit" variant="outline">{t("client.new.showTimes")}</Button>
            </Form>
          )}
          {choices.day ? (
            <Form method="post" {...getFormProps(form)} className="flex flex-col gap-3">
              <input type="hidden" name="intent" value="reschedule" />
              <fieldset aria-describedby={fields.startsAt.errorId}>
                <legend className="mb-2 text-sm font-medium">{t("client.new.stepTime", { day: format.day(choices.day) })}</legend>
                <div className="grid grid-cols-3 gap-2 sm:grid-cols-4 lg:grid-cols-6">
                  {choices.slots.map((slot) => (
                    <label key={slot.startsAt} className="flex cursor-pointer items-center justify-center gap-2 rounded-md border p-2 text-sm has-[:checked]:border-primary has-[:checked]:bg-primary/10">
                      <input type="radio" name="startsAt" value={slot.startsAt} required />
                      {format.time(slot.startsAt, choices.timeZone)}
                    </label>
                  ))}
                </div>
                <FieldErrors id={fields.startsAt.errorId} errors={fields.startsAt.errors} />
              </fieldset>
              <div>
                <Button type="submit" disabled={busy}>{t("client.detail.moveHere")}</Button>
              </div>
            </Form>
          ) : null}
        </section>
      ) : null}

      <section aria-labelledby="cancel" className="flex flex-col gap-3 rounded-lg border bg-card p-5">
        <h2 id="cancel" className="text-lg font-semibold">{t("client.detail.cancelTitle")}</h2>
        {canChange ? (
          <Form method="post" className="flex flex-col gap-3">
            <p className="text-sm text-muted-foreground">{t("client.detail.cancelRule", { hours: minNoticeHours })}</p>
            <input type="hidden" name="intent" value="cancel" />
            <div>
              <Button type="submit" variant="destructive" disabled={busy}>{t("client.detail.cancel")}</Button>
            </div>
          </Form>
        ) : (
          <p className="text-sm text-muted-foreground">{t("client.detail.cannotChange", { hours: minNoticeHours })}</p>
        )}
      </section>

      <AppointmentHistory history={history} timeZone={timeZone} />

      <p>
        <Link to="/client/appointments" className="text-sm font-medium text-primary underline-offset-4 hover:underline">
          {t("client.detail.back")}
        </Link>
      </p>
    </div>
  );
}

export const meta: MetaFunction<typeof loader> = ({ data }) => [{ title: data?.title }];

export const ErrorBoundary = GeneralErrorBoundary;
