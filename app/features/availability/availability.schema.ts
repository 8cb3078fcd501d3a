import { z } from "zod";
import { isValidTimeZone, WEEKDAYS } from "./slots";

/** The availability settings form and the closed-day forms of /dashboard/calendar. */

const DAY = /^\d{4}-\d{2}-\d{2}$/;
/** An office day written YYYY-MM-DD that exists in the calendar. */
export const isRealDay = (value: string) =>
  DAY.test(value) && !Number.isNaN(Date.parse(`${value}T00:00:00Z`)) && new Date(`${value}T00:00:00Z`).toISOString().startsWith(value);

export const daySchema = z.string().refine(isRealDay, "appointments:errors.dayInvalid");
const TIME = /^([01]\d|2[0-3]):[0-5]\d$/;
const minutes = (time: string) => Number(time.slice(0, 2)) * 60 + Number(time.slice(3, 5));
const whole = (min: number, max: number) =>
  z
    .number({ required_error: "appointments:errors.numberRequired", invalid_type_error: "appointments:errors.numberRequired" })
    .int("appointments:errors.numberRequired")
    .min(min, "appointments:errors.numberRange")
    .max(max, "appointments:errors.numberRange");

export const AvailabilitySchema = z
  .object({
    intent: z.literal("settings"),
    timeZone: z.string({ required_error: "appointments:errors.timeZoneInvalid" }).refine(isValidTimeZone, "appointments:errors.timeZoneInvalid"),
    slotMinutes: whole(5, 240),
    bufferMinutes: whole(0, 240),
    minNoticeHours: whole(0, 720),
    maxDaysAhead: whole(1, 365),
    days: z
      .array(
        z.object({
          open: z.boolean().optional(),
          start: z.string().regex(TIME, "appointments:errors.timeInvalid").optional(),
          end: z.string().regex(TIME, "appointments:errors.timeInvalid").optional(),
        }),
      )
      .length(WEEKDAYS.length),
  })
  .superRefine((value, context) => {
    value.days.forEach((day, index) => {
      if (!day.open) return;
      if (!day.start || !day.end || minutes(day.start) >= minutes(day.end)) {
        context.addIssue({ code: "custom", path: ["days", index, "end"], message: "appointments:errors.hoursOrder" });
      }
    });
  });

export const AddClosedDaySchema = z.object({
  intent: z.literal("addClosedDay"),
  day: daySchema,
  reason: z.string().trim().max(200, "appointments:errors.reasonTooLong").optional(),
});

export const RemoveClosedDaySchema = z.object({ intent: z.literal("removeClosedDay"), day: daySchema });
