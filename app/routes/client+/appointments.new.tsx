import { GeneralErrorBoundary } from "~/components/error-boundary";
import { getFormProps } from "@conform-to/react";
import { parseWithZod } from "@conform-to/zod";
import { json, type ActionFunctionArgs, type LoaderFunctionArgs, type MetaFunction } from "@remix-run/node";
import { Form, Link, useActionData, useLoaderData, useNavigation } from "@remix-run/react";
import { Globe } from "lucide-react";
import { useTranslation } from "react-i18next";
import { z } from "zod";
import { FieldErrors, FormErrors, TextareaField, useZodForm } from "~/components/forms";
import { Button } from "~/components/ui/button";
import { Label } from "~/components/ui/label";
import { Select } from "~/components/ui/input";
import { BookingSchema } from "~/features/appointments/appointments.schema";
import { AppointmentError, createAppointment, listBookableServices } from "~/features/appointments/appointments.server";
import { slotChoices } from "~/features/appointments/booking.server";
import { isValidTimeZone } from "~/features/availability/slots";
import { BrowserTimeZoneInput, useDateFormat } from "~/features/appointments/ui";
import { requireFeature } from "~/features/auth/guards.server";
import { getFixedT, getLanguage } from "~/lib/i18n/i18n.server";
import { redirectWithToast } from "~/lib/toast.server";

/**
 * Booking in three steps that work as plain GET forms without JavaScript:
 * ?service=… (then the days with free slots), &day=… (then that day's free
 * slots), then a POST of the chosen slot. `tz` carries the browser's time zone.
 */
const QuerySchema = z.object({
  service: z.string().max(100).optional().catch(undefined),
  day: z.string().regex(/^\d{4}-\d{2}-\d{2}$/).optional().catch(undefined),
  tz: z.string().max(64).optional().catch(undefined),
});

export async function loader({ request }: LoaderFunctionArgs) {
  const user = await requireFeature(request, "appointments");
  const language = await getLanguage(request);
  const query = QuerySchema.parse(Object.fromEntries(new URL(request.url).searchParams));
  const services = await listBookableServices(language);
  const service = query.service ? services.find((choice) => choice.id === query.service || choice.key === query.service) ?? null : null;
  const choices = service
    ? await slotChoices({ durationMinutes: service.durationMinutes, timeZone: [query.tz, user.timeZone].find(isValidTimeZone), day: query.day })
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
    if (error instanceof AppointmentError) {
      // The loader runs again: the slot just taken is no longer offered; the notes stay.
      return json({ result: submission.reply({ formErrors: [error.message], resetForm: false }) }, { status: error.status });
    }
    throw error;
  }
}

export default function NewAppointment() {
  const { services, service, choices, requestedDay, tz } = useLoaderData<typeof loader>();
  const actionData = useActionData<typeof action>();
  const navigation = useNavigation();
  const { t } = useTranslation("appointments");
  const format = useDateFormat();
  const [form, fields] = useZodForm(BookingSchema, {
    id: "book-appointment",
    lastResult: navigation.state === "idle" ? actionData?.result : undefined,
    shouldValidate: "onSubmit",
  });
  const chosen = fields.startsAt.value ?? fields.startsAt.initialValue;

  return (
    <div className="flex flex-col gap-6">
      <h1 className="text-2xl font-semibold">{t("client.new.title")}</h1>
      <FormErrors id={form.errorId} errors={form.errors} />

      <section aria-labelledby="step-service" className="flex flex-col gap-3 rounded-lg border bg-card p-5">
        <h2 id="step-service" className="text-lg font-semibold">{t("client.new.stepService")}</h2>
        <Form method="get" className="flex flex-wrap items-end gap-3">
          <BrowserTimeZoneInput defaultValue={tz} />
          <div className="flex min-w-64 flex-col gap-1.5">
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
          <Button type="submit" variant="outline">{t("client.new.showDays")}</Button>
        </Form>
      </section>

      {service && choices ? (
        <>
          <p className="flex items-start gap-2 text-sm text-muted-foreground">
            <Globe aria-hidden className="mt-0.5 size-4 shrink-0" />
            {t("client.new.zoneNote", { zone: choices.timeZone, office: choices.officeTimeZone })}
          </p>
          <section aria-labelledby="step-day" className="flex flex-col gap-3 rounded-lg border bg-card p-5">
            <h2 id="step-day" className="text-lg font-semibold">{t("client.new.stepDay")}</h2>
            {choices.days.length === 0 ? (
              <p>{t("client.new.noDays")}</p>
            ) : (
              <Form method="get" className="flex flex-col gap-3">
                <input type="hidden" name="service" value={service.id} />
                <input type="hidden" name="tz" value={choices.timeZone} />
                <fieldset>
                  <legend className="mb-2 text-sm font-medium">{t("client.new.day")}</legend>
                  <div className="grid grid-cols-2 gap-2 sm:grid-cols-3 lg:grid-cols-4">
                    {choices.days.map(({ day, count }) => (
                      <label key={day} className="flex cursor-pointer items-center gap-2 rounded-md border p-2 text-sm has-[:checked]:border-primary has-[:checked]:bg-primary/10">
                        <input type="radio" name="day" value={day} defaultChecked={day === choices.day} required />
                        <span className="flex flex-col">
                          <span className="font-medium">{format.day(day)}</span>
                          <span className="text-xs text-muted-foreground">{t("client.new.freeCount", { count })}</span>
                        </span>
                      </label>
                    ))}
                  </div>
                </fieldset>
                <div>
                  <Button type="submit" variant="outline">{t("client.new.showTimes")}</Button>
                </div>
              </Form>
            )}
            {requestedDay && !choices.day ? <p role="status">{t("client.new.dayFull")}</p> : null}
          </section>

          {choices.day ? (
            <section aria-labelledby="step-time" className="flex flex-col gap-3 rounded-lg border bg-card p-5">
              <h2 id="step-time" className="text-lg font-semibold">{t("client.new.stepTime", { day: format.day(choices.day) })}</h2>
              <Form method="post" {...getFormProps(form)} className="flex flex-col gap-4">
                <input type="hidden" name={fields.service.name} value={service.id} />
                <input type="hidden" name={fields.timeZone.name} value={choices.timeZone} />
                <fieldset aria-describedby={fields.startsAt.errorId}>
                  <legend className="mb-2 text-sm font-medium">{t("client.new.time")}</legend>
                  <div className="grid grid-cols-3 gap-2 sm:grid-cols-4 lg:grid-cols-6">
                    {choices.slots.map((slot) => (
                      <label key={slot.startsAt} className="flex cursor-pointer items-center justify-center gap-2 rounded-md border p-2 text-sm has-[:checked]:border-primary has-[:checked]:bg-primary/10">
                        <input type="radio" name={fields.startsAt.name} value={slot.startsAt} defaultChecked={slot.startsAt === chosen} required />
                        {format.time(slot.startsAt, choices.timeZone)}
                      </label>
                    ))}
                  </div>
                  <FieldErrors id={fields.startsAt.errorId} errors={fields.startsAt.errors} />
                </fieldset>
                <TextareaField field={fields.notes} label={t("client.new.notes")} hint={t("client.new.notesHint")} />
                <div>
                  <Button type="submit" disabled={navigation.state === "submitting"}>{t("client.new.submit")}</Button>
                </div>
              </Form>
            </section>
          ) : null}
        </>
      ) : null}

      <p>
        <Link to="/client/appointments" className="text-sm font-medium text-primary underline-offset-4 hover:underline">
          {t("client.new.back")}
        </Link>
      </p>
    </div>
  );
}

export const meta: MetaFunction<typeof loader> = ({ data }) => [{ title: data?.title }];

export const ErrorBoundary = GeneralErrorBoundary;
