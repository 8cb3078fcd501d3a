import { getFormProps, getInputProps, getSelectProps, type SubmissionResult } from "@conform-to/react";
import { Form, useNavigation } from "@remix-run/react";
import { Trash2 } from "lucide-react";
import { useTranslation } from "react-i18next";
import { ConfirmAction } from "~/components/confirm-action";
import { FieldErrors, FormErrors, TextField, useZodForm } from "~/components/forms";
import { Button } from "~/components/ui/button";
import { Input, Select } from "~/components/ui/input";
import { Label } from "~/components/ui/label";
import { useFormatter } from "~/lib/format";
import { AddClosedDaySchema, AvailabilitySchema } from "./availability.schema";
import { WEEKDAYS, type AvailabilityRules } from "./slots";

/** The office's availability forms of /dashboard/calendar: the settings and the closed days. */
type LastResult = SubmissionResult<string[]> | null | undefined;

export function AvailabilitySettingsForm({ rules, timeZones, lastResult }: { rules: AvailabilityRules; timeZones: string[]; lastResult: LastResult }) {
  const { t } = useTranslation("appointments");
  const format = useFormatter();
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
        <div className="flex min-w-0 flex-col gap-1.5">
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
      <fieldset className="flex min-w-0 flex-col gap-2">
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
                <Label htmlFor={start.id} className="text-xs text-muted-foreground">
                  {t("calendar.settings.opens")}
                </Label>
                <Input {...getInputProps(start, { type: "time" })} className="w-32" />
              </div>
              <div className="flex items-center gap-2">
                <Label htmlFor={end.id} className="text-xs text-muted-foreground">
                  {t("calendar.settings.closes")}
                </Label>
                <Input {...getInputProps(end, { type: "time" })} className="w-32" />
              </div>
              <FieldErrors id={end.errorId} errors={end.errors} />
            </div>
          );
        })}
        <p className="text-xs text-muted-foreground">{t("calendar.settings.weeklyHint")}</p>
      </fieldset>
      <div>
        <Button type="submit" disabled={navigation.state === "submitting"}>
          {t("calendar.settings.save")}
        </Button>
      </div>
    </Form>
  );
}

/** The closed days ahead; removing one asks first (the office reopens that day for booking). */
export function ClosedDaysForm({ closedDays, lastResult }: { closedDays: Array<{ day: string; reason: string | null }>; lastResult: LastResult }) {
  const { t } = useTranslation("appointments");
  const format = useFormatter();
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
          {closedDays.map((closed) => {
            const longDay = format.day(closed.day, { weekday: "long", day: "numeric", month: "long", year: "numeric" });
            return (
              <li key={closed.day} className="flex flex-wrap items-center justify-between gap-2 rounded-md border p-2 text-sm">
                <span>
                  <span className="font-medium">{longDay}</span>
                  {closed.reason ? <span className="text-muted-foreground"> — {closed.reason}</span> : null}
                </span>
                <ConfirmAction
                  label={
                    <>
                      {t("calendar.closed.removeShort")}
                      <span className="sr-only"> {longDay}</span>
                    </>
                  }
                  title={t("calendar.closed.removeTitle", { day: longDay })}
                  description={t("calendar.closed.removeText")}
                  confirmLabel={t("calendar.closed.removeConfirm")}
                  fields={{ intent: "removeClosedDay", day: closed.day }}
                  triggerVariant="ghost"
                  icon={<Trash2 aria-hidden className="size-4" />}
                />
              </li>
            );
          })}
        </ul>
      )}
      <Form method="post" {...getFormProps(form)} className="flex flex-wrap items-end gap-3">
        <input type="hidden" name="intent" value="addClosedDay" />
        <FormErrors id={form.errorId} errors={form.errors} />
        <TextField field={fields.day} type="date" label={t("calendar.closed.day")} />
        <TextField field={fields.reason} label={t("calendar.closed.reason")} className="w-full max-w-xs" />
        <Button type="submit" variant="outline">
          {t("calendar.closed.add")}
        </Button>
      </Form>
    </div>
  );
}
