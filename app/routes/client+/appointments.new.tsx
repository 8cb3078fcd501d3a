import { getFormProps } from "@conform-to/react";
import { parseWithZod } from "@conform-to/zod";
import { json, type ActionFunctionArgs, type LoaderFunctionArgs } from "@remix-run/node";
import { Form, useActionData, useLoaderData, useNavigation } from "@remix-run/react";
import { Globe } from "lucide-react";
import { useTranslation } from "react-i18next";
import { GeneralErrorBoundary } from "~/components/error-boundary";
import { FieldErrors, FormErrors, TextareaField, useZodForm } from "~/components/forms";
import { PageHeader } from "~/components/page-header";
import { Button } from "~/components/ui/button";
import { Select } from "~/components/ui/input";
import { Label } from "~/components/ui/label";
import { BookingQuerySchema, BookingSchema, BrowserTimeZoneInput, DayPicker, SlotRadios, StepForm, useStepFocus } from "~/features/appointments";
import { createAppointment, listBookableServices, slotChoices } from "~/features/appointments/index.server";
import { requireFeature } from "~/core/identity/guards.server";
import { useFormatter } from "~/lib/format";
import { refusal } from "~/lib/http.server";
import { getFixedT, getLanguage } from "~/lib/i18n/i18n.server";
import type { RouteHandle } from "~/lib/i18n/namespaces";
import { titleMeta } from "~/lib/meta";
import { redirectWithToast } from "~/lib/toast.server";

/**
 * Booking in three steps that work as plain GET forms without JavaScript (with it, choosing
 * a service or a day sends its step at once, StepForm; the days and times sit side by side on a wide screen):
 * ?service=… (then a month of days, the free ones enabled), &day=… (then that
 * day's free times), then a POST of the chosen time. Each GET form names the
 * next step as the URL's fragment, so the page opens at it; with JavaScript the
 * focus moves there too. `tz` carries the browser's time zone, used when the
 * profile names none.
 */
export async function loader({ request }: LoaderFunctionArgs) {
  const user = await requireFeature(request, "appointments");
  const language = await getLanguage(request);
  const query = BookingQuerySchema.parse(Object.fromEntries(new URL(request.url).searchParams));
  const services = await listBookableServices(language);
  const service = query.service ? (services.find((choice) => choice.id === query.service || choice.key === query.service) ?? null) : null;
  const choices = service
    ? await slotChoices({ durationMinutes: service.durationMinutes, timeZones: [user.timeZone, query.tz], language, day: query.day, month: query.month })
    : null;
  const t = await getFixedT(request, "appointments");
  return json({ services, service, choices, requestedDay: query.day ?? null, tz: query.tz ?? "", title: t("client.new.title") });
}

export async function action({ request }: ActionFunctionArgs) {
  const user = await requireFeature(request, "appointments");
  const submission = parseWithZod(await request.formData(), { schema: BookingSchema });
  if (submission.status !== "success") return json({ result: submission.reply() }, { status: 400 });
  const { service, startsAt, notes, timeZone } = submission.value;
  try {
    const appointment = await createAppointment(user, { service, startsAt, notes, timeZone });
    return redirectWithToast(`/client/appointments/${appointment.id}`, {
      type: "success",
      message: "appointments:toast.booked",
      params: { reference: appointment.reference },
    });
  } catch (error) {
    // The loader runs again: the time just taken is no longer offered; the notes stay.
    return refusal(request, error, submission);
  }
}

export default function NewAppointment() {
  const { services, service, choices, requestedDay, tz } = useLoaderData<typeof loader>();
  const actionData = useActionData<typeof action>();
  const navigation = useNavigation();
  const { t } = useTranslation("appointments");
  const format = useFormatter();
  const [form, fields] = useZodForm(BookingSchema, {
    id: "book-appointment",
    lastResult: navigation.state === "idle" ? actionData?.result : undefined,
    shouldValidate: "onSubmit",
  });
  const chosen = fields.startsAt.value ?? fields.startsAt.initialValue;
  const dayStep = useStepFocus<HTMLHeadingElement>("step-day", service ? `${service.id}|${choices?.picker.month}` : null);
  const timeStep = useStepFocus<HTMLHeadingElement>("step-time", choices?.day ?? null);
  const monthHref = (month: string) => `?${new URLSearchParams({ service: service?.id ?? "", tz: choices?.timeZone ?? "", month })}#step-day`;

  return (
    <div className="flex flex-col gap-6">
      <PageHeader title={t("client.new.title")} back={{ to: "/client/appointments", label: t("client.new.back") }} />
      <FormErrors id={form.errorId} errors={form.errors} />

      <section aria-labelledby="step-service" className="flex flex-col gap-3 rounded-lg border bg-card p-5">
        <h2 id="step-service" className="text-lg font-semibold">
          {t("client.new.stepService")}
        </h2>
        <StepForm action="#step-day" button={t("client.new.showDays")} className="flex flex-wrap items-end gap-3">
          <BrowserTimeZoneInput defaultValue={tz} />
          <div className="flex w-full max-w-md flex-col gap-1.5">
            <Label htmlFor="service">{t("client.new.service")}</Label>
            <Select id="service" name="service" defaultValue={service?.id ?? ""} required>
              <option value="">{t("client.new.choose")}</option>
              {services.map((choice) => (
                <option key={choice.id} value={choice.id}>
                  {t("client.new.serviceOption", { title: choice.title, minutes: choice.durationMinutes })}
                </option>
              ))}
            </Select>
          </div>
        </StepForm>
      </section>

      {service && choices ? (
        <div className="grid items-start gap-6 lg:grid-cols-[minmax(0,24rem)_1fr]">
          <section aria-labelledby="step-day" className="flex flex-col gap-3 rounded-lg border bg-card p-5">
            <h2 id="step-day" ref={dayStep} tabIndex={-1} className="scroll-mt-20 text-lg font-semibold outline-none">
              {t("client.new.stepDay")}
            </h2>
            <p className="flex items-start gap-2 text-sm text-muted-foreground">
              <Globe aria-hidden className="mt-0.5 size-4 shrink-0" />
              {t("client.new.zoneNote", { zone: choices.timeZone, office: choices.officeTimeZone })}
            </p>
            {choices.days.length === 0 ? (
              <p>{t("client.new.noDays")}</p>
            ) : (
              <StepForm action="#step-time" button={t("client.new.showTimes")} className="flex flex-col gap-3">
                <input type="hidden" name="service" value={service.id} />
                <input type="hidden" name="tz" value={choices.timeZone} />
                <DayPicker picker={choices.picker} chosen={choices.day ?? requestedDay} monthHref={monthHref} />
              </StepForm>
            )}
            {requestedDay && !choices.day ? <p role="status">{t("client.new.dayFull")}</p> : null}
          </section>

          {choices.day ? (
            <section aria-labelledby="step-time" className="flex flex-col gap-3 rounded-lg border bg-card p-5">
              <h2 id="step-time" ref={timeStep} tabIndex={-1} className="scroll-mt-20 text-lg font-semibold outline-none">
                {t("client.new.stepTime", { day: format.day(choices.day, { weekday: "long", month: "long", day: "numeric" }) })}
              </h2>
              <Form method="post" {...getFormProps(form)} className="flex flex-col gap-4">
                <input type="hidden" name={fields.service.name} value={service.id} />
                <input type="hidden" name={fields.timeZone.name} value={choices.timeZone} />
                <SlotRadios
                  slots={choices.slots}
                  timeZone={choices.timeZone}
                  name={fields.startsAt.name}
                  chosen={chosen}
                  legend={t("client.new.time")}
                  errorId={fields.startsAt.errorId}
                >
                  <FieldErrors id={fields.startsAt.errorId} errors={fields.startsAt.errors} />
                </SlotRadios>
                <TextareaField field={fields.notes} label={t("client.new.notes")} hint={t("client.new.notesHint")} />
                <div>
                  <Button type="submit" disabled={navigation.state === "submitting"}>
                    {t("client.new.submit")}
                  </Button>
                </div>
              </Form>
            </section>
          ) : null}
        </div>
      ) : null}
    </div>
  );
}

export const meta = titleMeta;

export const handle = { i18n: ["appointments"] } satisfies RouteHandle;

export const ErrorBoundary = GeneralErrorBoundary;
