import { GeneralErrorBoundary } from "~/components/error-boundary";
import { getFormProps, getSelectProps } from "@conform-to/react";
import { parseWithZod } from "@conform-to/zod";
import { json, type ActionFunctionArgs, type LoaderFunctionArgs, type MetaFunction } from "@remix-run/node";
import { Form, Link, useActionData, useLoaderData, useNavigation } from "@remix-run/react";
import { useTranslation } from "react-i18next";
import { FieldErrors, FormErrors, TextareaField, useZodForm } from "~/components/forms";
import { Button } from "~/components/ui/button";
import { Select } from "~/components/ui/input";
import { Label } from "~/components/ui/label";
import { StatusChangeSchema } from "~/features/appointments/appointments.schema";
import { AppointmentError, changeAppointmentStatus, getAppointmentHistory } from "~/features/appointments/appointments.server";
import { appointmentOr404 } from "~/features/appointments/booking.server";
import { APPOINTMENT_TRANSITIONS } from "~/features/appointments/status";
import { AddToCalendarButton, AppointmentHistory, StatusBadge, useDateFormat } from "~/features/appointments/ui";
import { getAvailabilitySettings } from "~/features/availability/availability.server";
import { requireAdmin } from "~/features/auth/guards.server";
import { getFixedT, getLanguage } from "~/lib/i18n/i18n.server";
import { redirectWithToast } from "~/lib/toast.server";

/** One appointment for staff: details, history and the status change the state machine allows. */
export async function loader({ request, params }: LoaderFunctionArgs) {
  const user = await requireAdmin(request);
  const language = await getLanguage(request);
  const appointment = await appointmentOr404(user, params.id!, language);
  const [history, rules] = await Promise.all([getAppointmentHistory(user, appointment.id), getAvailabilitySettings()]);
  const t = await getFixedT(request, "appointments");
  return json({
    appointment,
    history,
    nextStatuses: APPOINTMENT_TRANSITIONS[appointment.status],
    officeTimeZone: rules.timeZone,
    title: t("admin.detail.title", { reference: appointment.reference }),
  });
}

export async function action({ request, params }: ActionFunctionArgs) {
  const user = await requireAdmin(request);
  const appointment = await appointmentOr404(user, params.id!);
  const submission = parseWithZod(await request.formData(), { schema: StatusChangeSchema });
  if (submission.status !== "success") return json({ result: submission.reply() }, { status: 400 });
  try {
    const changed = await changeAppointmentStatus(user, appointment.id, submission.value.status, submission.value.note);
    return redirectWithToast(`/dashboard/appointments/${appointment.id}`, {
      type: "success",
      message: "appointments:toast.statusChanged",
      params: { reference: changed.reference },
    });
  } catch (error) {
    if (error instanceof AppointmentError) {
      return json({ result: submission.reply({ formErrors: [error.message] }) }, { status: error.status });
    }
    throw error;
  }
}

export default function DashboardAppointment() {
  const { appointment, history, nextStatuses, officeTimeZone } = useLoaderData<typeof loader>();
  const actionData = useActionData<typeof action>();
  const navigation = useNavigation();
  const { t } = useTranslation("appointments");
  const format = useDateFormat();
  const [form, fields] = useZodForm(StatusChangeSchema, {
    id: "appointment-status",
    lastResult: navigation.state === "idle" ? actionData?.result : undefined,
    shouldValidate: "onSubmit",
  });

  return (
    <div className="flex flex-col gap-6">
      <div className="flex flex-wrap items-center justify-between gap-3">
        <h1 className="text-2xl font-semibold">{t("admin.detail.title", { reference: appointment.reference })}</h1>
        <StatusBadge status={appointment.status} />
      </div>

      <section aria-labelledby="details" className="flex flex-col gap-3 rounded-lg border bg-card p-5">
        <h2 id="details" className="text-lg font-semibold">{t("client.detail.details")}</h2>
        <dl className="grid gap-x-6 gap-y-2 sm:grid-cols-[max-content_1fr]">
          <dt className="text-sm text-muted-foreground">{t("fields.client")}</dt>
          <dd>
            {appointment.clientName} · <a href={`mailto:${appointment.clientEmail}`} className="text-primary underline-offset-4 hover:underline">{appointment.clientEmail}</a>
          </dd>
          <dt className="text-sm text-muted-foreground">{t("fields.service")}</dt>
          <dd>{t("admin.detail.serviceLine", { title: appointment.serviceTitle, minutes: appointment.durationMinutes })}</dd>
          <dt className="text-sm text-muted-foreground">{t("fields.when")}</dt>
          <dd>
            {format.longDateTime(appointment.startsAt, officeTimeZone)} – {format.time(appointment.endsAt, officeTimeZone)} ({officeTimeZone})
            {appointment.clientTimeZone && appointment.clientTimeZone !== officeTimeZone ? (
              <span className="block text-sm text-muted-foreground">
                {t("admin.detail.clientTime", { when: format.dateTime(appointment.startsAt, appointment.clientTimeZone), zone: appointment.clientTimeZone })}
              </span>
            ) : null}
          </dd>
          <dt className="text-sm text-muted-foreground">{t("fields.notes")}</dt>
          <dd className="whitespace-pre-wrap">{appointment.notes || t("fields.none")}</dd>
        </dl>
        <AddToCalendarButton appointment={appointment} />
      </section>

      <section aria-labelledby="change-status" className="flex flex-col gap-3 rounded-lg border bg-card p-5">
        <h2 id="change-status" className="text-lg font-semibold">{t("admin.detail.changeStatus")}</h2>
        {nextStatuses.length === 0 ? (
          <p className="text-sm text-muted-foreground">{t("admin.detail.final")}</p>
        ) : (
          <Form method="post" {...getFormProps(form)} className="flex max-w-xl flex-col gap-4">
            <FormErrors id={form.errorId} errors={form.errors} />
            <div className="flex flex-col gap-1.5">
              <Label htmlFor={fields.status.id}>{t("admin.detail.newStatus")}</Label>
              <Select {...getSelectProps(fields.status)}>
                <option value="">{t("client.new.choose")}</option>
                {nextStatuses.map((status) => (
                  <option key={status} value={status}>
                    {t(`status.${status}`)}
                  </option>
                ))}
              </Select>
              <FieldErrors id={fields.status.errorId} errors={fields.status.errors} />
            </div>
            <TextareaField field={fields.note} label={t("admin.detail.note")} hint={t("admin.detail.noteHint")} />
            <div>
              <Button type="submit" disabled={navigation.state === "submitting"}>{t("admin.detail.save")}</Button>
            </div>
          </Form>
        )}
      </section>

      <AppointmentHistory history={history} timeZone={officeTimeZone} detailed />

      <p>
        <Link to="/dashboard/appointments" className="text-sm font-medium text-primary underline-offset-4 hover:underline">
          {t("admin.detail.back")}
        </Link>
      </p>
    </div>
  );
}

export const meta: MetaFunction<typeof loader> = ({ data }) => [{ title: data?.title }];

export const ErrorBoundary = GeneralErrorBoundary;
