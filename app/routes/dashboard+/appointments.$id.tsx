import { getFormProps, getSelectProps } from "@conform-to/react";
import { parseWithZod } from "@conform-to/zod";
import { json, type ActionFunctionArgs, type LoaderFunctionArgs } from "@remix-run/node";
import { Form, useActionData, useLoaderData, useNavigation } from "@remix-run/react";
import { CalendarX, UserX } from "lucide-react";
import { useTranslation } from "react-i18next";
import { ConfirmAction } from "~/components/confirm-action";
import { GeneralErrorBoundary } from "~/components/error-boundary";
import { FieldErrors, FormErrors, TextareaField, useZodForm } from "~/components/forms";
import { PageHeader } from "~/components/page-header";
import { Button } from "~/components/ui/button";
import { Select } from "~/components/ui/input";
import { Label } from "~/components/ui/label";
import {
  StatusChangeSchema,
  APPOINTMENT_TRANSITIONS,
  type AppointmentStatus,
  AddToCalendarButton,
  AppointmentHistory,
  AppointmentWhen,
  StatusBadge,
} from "~/features/appointments";
import { changeAppointmentStatus, getAppointment, getAppointmentHistory } from "~/features/appointments/index.server";
import { requireAdmin } from "~/core/identity/guards.server";
import { LinkedTasks } from "~/features/tasks";
import { loadLinkedTasks } from "~/features/tasks/index.server";
import { useFormatter } from "~/lib/format";
import { clientIp, loadOrNotFound, refusal } from "~/lib/http.server";
import { getFixedT, getLanguage } from "~/lib/i18n/i18n.server";
import type { RouteHandle } from "~/lib/i18n/namespaces";
import { titleMeta } from "~/lib/meta";
import { redirectWithToast } from "~/lib/toast.server";

/**
 * One appointment for staff: details, history and the status changes the state machine
 * allows. Confirming and completing are a plain form; cancelling and "no-show" end the
 * appointment and tell the client, so they ask first (ConfirmAction).
 */
const ENDINGS: readonly AppointmentStatus[] = ["cancelled", "no_show"];

export async function loader({ request, params }: LoaderFunctionArgs) {
  const user = await requireAdmin(request);
  const language = await getLanguage(request);
  const appointment = await loadOrNotFound(getAppointment(user, params.id!, language));
  const history = await getAppointmentHistory(user, appointment.id);
  const t = await getFixedT(request, "appointments");
  const next = APPOINTMENT_TRANSITIONS[appointment.status];
  return json({
    appointment,
    history,
    nextStatuses: next.filter((status) => !ENDINGS.includes(status)),
    endings: next.filter((status) => ENDINGS.includes(status)),
    tasks: await loadLinkedTasks(user, { appointmentId: appointment.id }),
    title: t("admin.detail.title", { reference: appointment.reference }),
  });
}

export async function action({ request, params }: ActionFunctionArgs) {
  const user = await requireAdmin(request);
  const appointment = await loadOrNotFound(getAppointment(user, params.id!));
  const submission = parseWithZod(await request.formData(), { schema: StatusChangeSchema });
  if (submission.status !== "success") return json({ result: submission.reply() }, { status: 400 });
  try {
    const changed = await changeAppointmentStatus({ ...user, ip: clientIp(request) }, appointment.id, submission.value.status, submission.value.note);
    return redirectWithToast(`/dashboard/appointments/${appointment.id}`, {
      type: "success",
      message: "appointments:toast.statusChanged",
      params: { reference: changed.reference },
    });
  } catch (error) {
    return refusal(request, error, submission);
  }
}

const ENDING_ICON = { cancelled: CalendarX, no_show: UserX } as Record<AppointmentStatus, typeof CalendarX>;

export default function DashboardAppointment() {
  const { appointment, history, nextStatuses, endings, tasks } = useLoaderData<typeof loader>();
  const actionData = useActionData<typeof action>();
  const navigation = useNavigation();
  const { t } = useTranslation("appointments");
  const format = useFormatter();
  const [form, fields] = useZodForm(StatusChangeSchema, {
    id: "appointment-status",
    lastResult: navigation.state === "idle" ? actionData?.result : undefined,
    shouldValidate: "onSubmit",
  });

  return (
    <div className="flex flex-col gap-6">
      <PageHeader
        title={t("admin.detail.title", { reference: appointment.reference })}
        badge={<StatusBadge status={appointment.status} />}
        back={{ to: "/dashboard/appointments", label: t("admin.detail.back") }}
      />

      <section aria-labelledby="details" className="flex flex-col gap-3 rounded-lg border bg-card p-5">
        <h2 id="details" className="text-lg font-semibold">
          {t("client.detail.details")}
        </h2>
        <dl className="grid gap-x-6 gap-y-2 sm:grid-cols-[max-content_1fr]">
          <dt className="text-sm text-muted-foreground">{t("fields.client")}</dt>
          <dd className="break-words">
            {appointment.clientName} ·{" "}
            <a href={`mailto:${appointment.clientEmail}`} className="text-primary underline underline-offset-4">
              {appointment.clientEmail}
            </a>
          </dd>
          <dt className="text-sm text-muted-foreground">{t("fields.service")}</dt>
          <dd>{t("admin.detail.serviceLine", { title: appointment.serviceTitle, minutes: appointment.durationMinutes })}</dd>
          <dt className="text-sm text-muted-foreground">{t("fields.when")}</dt>
          <dd>
            <AppointmentWhen
              startsAt={appointment.startsAt}
              endsAt={appointment.endsAt}
              other={{ zone: appointment.clientTimeZone, labelKey: "admin.detail.clientTime" }}
            />
          </dd>
          <dt className="text-sm text-muted-foreground">{t("fields.notes")}</dt>
          <dd dir="auto" className="whitespace-pre-wrap">
            {appointment.notes || t("fields.none")}
          </dd>
        </dl>
        <AddToCalendarButton appointment={appointment} />
      </section>

      <section aria-labelledby="change-status" className="flex flex-col gap-4 rounded-lg border bg-card p-5">
        <h2 id="change-status" className="text-lg font-semibold">
          {t("admin.detail.changeStatus")}
        </h2>
        <FormErrors id={form.errorId} errors={form.errors} />
        {nextStatuses.length === 0 && endings.length === 0 ? <p className="text-sm text-muted-foreground">{t("admin.detail.final")}</p> : null}
        {nextStatuses.length > 0 ? (
          <Form method="post" {...getFormProps(form)} className="flex max-w-xl flex-col gap-4">
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
              <Button type="submit" disabled={navigation.state === "submitting"}>
                {t("admin.detail.save")}
              </Button>
            </div>
          </Form>
        ) : null}
        {endings.length > 0 ? (
          <div className="flex flex-wrap items-start gap-3 border-t pt-4">
            {endings.map((status) => {
              const Icon = ENDING_ICON[status];
              return (
                <ConfirmAction
                  key={status}
                  label={t(`admin.detail.ending.${status}.label`)}
                  title={t(`admin.detail.ending.${status}.title`, { reference: appointment.reference })}
                  description={t(`admin.detail.ending.${status}.text`, { client: appointment.clientName, when: format.longDateTime(appointment.startsAt) })}
                  confirmLabel={t(`admin.detail.ending.${status}.confirm`)}
                  fields={{ status }}
                  triggerVariant={status === "cancelled" ? "destructive" : "outline"}
                  icon={<Icon aria-hidden className="size-4" />}
                  testId={`end-${status}`}
                  reason={{ label: t("admin.detail.note"), name: "note", maxLength: 1000, hint: t("admin.detail.noteHint") }}
                />
              );
            })}
          </div>
        ) : null}
      </section>

      <LinkedTasks data={tasks} />

      <AppointmentHistory history={history} detailed />
    </div>
  );
}

export const meta = titleMeta;

export const handle = { i18n: ["appointments", "tasks"] } satisfies RouteHandle;

export const ErrorBoundary = GeneralErrorBoundary;
