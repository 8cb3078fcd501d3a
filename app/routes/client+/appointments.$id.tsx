import { getFormProps } from "@conform-to/react";
import { parseWithZod } from "@conform-to/zod";
import { json, type ActionFunctionArgs, type LoaderFunctionArgs } from "@remix-run/node";
import { Form, useActionData, useLoaderData, useNavigation } from "@remix-run/react";
import { CalendarX, Globe } from "lucide-react";
import { useTranslation } from "react-i18next";
import { ConfirmAction } from "~/components/confirm-action";
import { GeneralErrorBoundary } from "~/components/error-boundary";
import { FieldErrors, FormErrors, useZodForm } from "~/components/forms";
import { PageHeader } from "~/components/page-header";
import { Button } from "~/components/ui/button";
import {
  BookingQuerySchema,
  ClientAppointmentActionSchema,
  AddToCalendarButton,
  AppointmentHistory,
  AppointmentWhen,
  DayPicker,
  SlotRadios,
  StatusBadge,
  StepForm,
  useStepFocus,
} from "~/features/appointments";
import {
  changeAppointmentStatus,
  clientMayChange,
  getAppointment,
  getAppointmentHistory,
  rescheduleAppointment,
  slotChoices,
} from "~/features/appointments/index.server";
import { getAvailabilitySettings } from "~/features/availability/index.server";
import { requireFeature } from "~/core/identity/guards.server";
import { useFormatter } from "~/lib/format";
import { clientIp, loadOrNotFound, refusal } from "~/lib/http.server";
import { getFixedT, getLanguage } from "~/lib/i18n/i18n.server";
import type { RouteHandle } from "~/lib/i18n/namespaces";
import { titleMeta } from "~/lib/meta";
import { redirectWithToast } from "~/lib/toast.server";

/**
 * One appointment of the signed-in client. Rescheduling and cancelling are
 * open while the appointment is requested or confirmed and starts at least the
 * office's minimum notice from now (the same rule the API applies). Cancelling
 * asks first (ConfirmAction), with and without JavaScript. The new time is chosen on the
 * booking page's calendar (DayPicker in a StepForm), in the zone the client booked in.
 */
export async function loader({ request, params }: LoaderFunctionArgs) {
  const user = await requireFeature(request, "appointments");
  const language = await getLanguage(request);
  const actor = { id: user.id, role: "client" };
  const appointment = await loadOrNotFound(getAppointment(actor, params.id!, language));
  const [history, rules] = await Promise.all([getAppointmentHistory(actor, appointment.id), getAvailabilitySettings()]);
  const query = BookingQuerySchema.parse(Object.fromEntries(new URL(request.url).searchParams));
  const canChange = clientMayChange(appointment, rules.minNoticeHours);
  const choices = canChange
    ? await slotChoices({
        durationMinutes: appointment.durationMinutes,
        timeZones: [user.timeZone, query.tz, appointment.clientTimeZone],
        language,
        day: query.day,
        month: query.month,
        ignoreAppointmentId: appointment.id,
      })
    : null;
  const t = await getFixedT(request, "appointments");
  return json({
    appointment,
    history,
    canChange,
    minNoticeHours: rules.minNoticeHours,
    officeTimeZone: rules.timeZone,
    choices,
    requestedDay: query.day ?? null,
    title: t("client.detail.title", { reference: appointment.reference }),
  });
}

export async function action({ request, params }: ActionFunctionArgs) {
  const user = await requireFeature(request, "appointments");
  const actor = { id: user.id, role: "client" };
  const appointment = await loadOrNotFound(getAppointment(actor, params.id!));
  const submission = parseWithZod(await request.formData(), { schema: ClientAppointmentActionSchema });
  if (submission.status !== "success") return json({ result: submission.reply() }, { status: 400 });
  const back = `/client/appointments/${appointment.id}`;
  try {
    if (submission.value.intent === "cancel") {
      await changeAppointmentStatus({ ...actor, ip: clientIp(request) }, appointment.id, "cancelled");
      return redirectWithToast(back, { type: "success", message: "appointments:toast.cancelled" });
    }
    await rescheduleAppointment(actor, appointment.id, submission.value.startsAt);
    return redirectWithToast(back, { type: "success", message: "appointments:toast.rescheduled" });
  } catch (error) {
    return refusal(request, error, submission);
  }
}

export default function ClientAppointment() {
  const { appointment, history, canChange, minNoticeHours, officeTimeZone, choices, requestedDay } = useLoaderData<typeof loader>();
  const actionData = useActionData<typeof action>();
  const navigation = useNavigation();
  const { t } = useTranslation("appointments");
  const format = useFormatter();
  const [form, fields] = useZodForm(ClientAppointmentActionSchema, {
    id: "appointment-change",
    lastResult: navigation.state === "idle" ? actionData?.result : undefined,
  });
  const busy = navigation.state === "submitting";
  const timesStep = useStepFocus<HTMLFieldSetElement>("reschedule-times", choices?.day ?? null);
  const monthHref = (month: string) => `?${new URLSearchParams({ tz: choices?.timeZone ?? "", month })}#reschedule`;

  return (
    <div className="flex flex-col gap-6">
      <PageHeader
        title={t("client.detail.title", { reference: appointment.reference })}
        badge={<StatusBadge status={appointment.status} />}
        back={{ to: "/client/appointments", label: t("client.detail.back") }}
      />
      <FormErrors id={form.errorId} errors={form.errors} />

      <section aria-labelledby="details" className="flex flex-col gap-3 rounded-lg border bg-card p-5">
        <h2 id="details" className="text-lg font-semibold">
          {t("client.detail.details")}
        </h2>
        <dl className="grid gap-x-6 gap-y-2 sm:grid-cols-[max-content_1fr]">
          <dt className="text-sm text-muted-foreground">{t("fields.service")}</dt>
          <dd>{appointment.serviceTitle}</dd>
          <dt className="text-sm text-muted-foreground">{t("fields.when")}</dt>
          <dd>
            <AppointmentWhen
              startsAt={appointment.startsAt}
              endsAt={appointment.endsAt}
              other={{ zone: officeTimeZone, labelKey: "client.detail.officeTime" }}
            />
          </dd>
          <dt className="text-sm text-muted-foreground">{t("fields.notes")}</dt>
          <dd dir="auto" className="whitespace-pre-wrap">
            {appointment.notes || t("fields.none")}
          </dd>
        </dl>
        <AddToCalendarButton appointment={appointment} />
      </section>

      {canChange && choices ? (
        <section aria-labelledby="reschedule" className="flex flex-col gap-3 rounded-lg border bg-card p-5">
          <h2 id="reschedule" className="text-lg font-semibold">
            {t("client.detail.reschedule")}
          </h2>
          <p className="flex items-start gap-2 text-sm text-muted-foreground">
            <Globe aria-hidden className="mt-0.5 size-4 shrink-0" />
            {t("client.new.zoneNote", { zone: choices.timeZone, office: choices.officeTimeZone })}
          </p>
          {choices.days.length === 0 ? (
            <p>{t("client.new.noDays")}</p>
          ) : (
            <StepForm action="#reschedule-times" button={t("client.new.showTimes")} className="flex flex-col gap-3">
              <input type="hidden" name="tz" value={choices.timeZone} />
              <DayPicker picker={choices.picker} chosen={choices.day ?? requestedDay} monthHref={monthHref} />
            </StepForm>
          )}
          {requestedDay && !choices.day ? <p role="status">{t("client.new.dayFull")}</p> : null}
          {choices.day ? (
            <Form method="post" {...getFormProps(form)} className="flex flex-col gap-3">
              <input type="hidden" name="intent" value="reschedule" />
              <fieldset id="reschedule-times" ref={timesStep} tabIndex={-1} className="scroll-mt-20 outline-none">
                <SlotRadios
                  slots={choices.slots}
                  timeZone={choices.timeZone}
                  name="startsAt"
                  legend={t("client.new.stepTime", { day: format.day(choices.day, { weekday: "long", month: "long", day: "numeric" }) })}
                  errorId={fields.startsAt.errorId}
                >
                  <FieldErrors id={fields.startsAt.errorId} errors={fields.startsAt.errors} />
                </SlotRadios>
              </fieldset>
              <div>
                <Button type="submit" disabled={busy}>
                  {t("client.detail.moveHere")}
                </Button>
              </div>
            </Form>
          ) : null}
        </section>
      ) : null}

      <section aria-labelledby="cancel" className="flex flex-col gap-3 rounded-lg border bg-card p-5">
        <h2 id="cancel" className="text-lg font-semibold">
          {t("client.detail.cancelTitle")}
        </h2>
        {canChange ? (
          <>
            <p className="text-sm text-muted-foreground">{t("client.detail.cancelRule", { hours: minNoticeHours })}</p>
            <ConfirmAction
              label={t("client.detail.cancel")}
              title={t("client.detail.cancelConfirmTitle", { reference: appointment.reference })}
              description={t("client.detail.cancelConfirmText", { when: format.longDateTime(appointment.startsAt) })}
              confirmLabel={t("client.detail.cancelConfirm")}
              fields={{ intent: "cancel" }}
              triggerVariant="destructive"
              size="default"
              icon={<CalendarX aria-hidden className="size-4" />}
              className="w-fit"
              testId="cancel-appointment"
            />
          </>
        ) : (
          <p className="text-sm text-muted-foreground">{t("client.detail.cannotChange", { hours: minNoticeHours })}</p>
        )}
      </section>

      <AppointmentHistory history={history} />
    </div>
  );
}

export const meta = titleMeta;

export const handle = { i18n: ["appointments"] } satisfies RouteHandle;

export const ErrorBoundary = GeneralErrorBoundary;
