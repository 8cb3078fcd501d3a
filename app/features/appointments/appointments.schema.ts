import { z } from "zod";
import { APPOINTMENT_STATUSES } from "./status";

/**
 * Input of the appointment pages and API. Messages are i18n keys of the
 * `appointments` namespace.
 */
const DAY = /^\d{4}-\d{2}-\d{2}$/;
const isRealDay = (value: string) => DAY.test(value) && !Number.isNaN(Date.parse(`${value}T00:00:00Z`)) && new Date(`${value}T00:00:00Z`).toISOString().startsWith(value);

export const daySchema = z.string().refine(isRealDay, "appointments:errors.dayInvalid");
export const instantSchema = z.string({ required_error: "appointments:errors.slotRequired" }).datetime({ offset: true, message: "appointments:errors.slotRequired" });
const notesSchema = z.string().trim().max(2000, "appointments:errors.notesTooLong");
const timeZoneSchema = z.string().max(64);

// ── pages ────────────────────────────────────────────────────────────────
export const BookingSchema = z.object({
  service: z.string({ required_error: "appointments:errors.serviceRequired" }).min(1, "appointments:errors.serviceRequired"),
  startsAt: instantSchema,
  notes: notesSchema.optional(),
  timeZone: timeZoneSchema.optional(),
});

export const ClientAppointmentActionSchema = z.discriminatedUnion("intent", [
  z.object({ intent: z.literal("reschedule"), startsAt: instantSchema }),
  z.object({ intent: z.literal("cancel") }),
]);

export const StatusChangeSchema = z.object({
  status: z.enum(APPOINTMENT_STATUSES, { errorMap: () => ({ message: "appointments:errors.statusRequired" }) }),
  note: z.string().trim().max(1000, "appointments:errors.noteTooLong").optional(),
});

// ── API ──────────────────────────────────────────────────────────────────
export const ApiCreateSchema = z
  .object({
    serviceId: z.string().min(1).optional(),
    serviceKey: z.string().min(1).optional(),
    startsAt: z.string().datetime({ offset: true }),
    notes: notesSchema.nullish(),
    timeZone: timeZoneSchema.nullish(),
    clientId: z.string().min(1).optional(),
  })
  .refine((value) => value.serviceId || value.serviceKey, { message: "serviceId or serviceKey is required", path: ["serviceId"] });

export const ApiUpdateSchema = z
  .object({
    startsAt: z.string().datetime({ offset: true }).optional(),
    notes: notesSchema.nullish(),
  })
  .refine((value) => value.startsAt !== undefined || value.notes !== undefined, { message: "startsAt or notes is required" });

export const ApiStatusSchema = z.object({ note: z.string().trim().max(1000).nullish() });

export const ListQuerySchema = z.object({
  status: z.enum(APPOINTMENT_STATUSES).optional().catch(undefined),
  from: daySchema.optional().catch(undefined),
  to: daySchema.optional().catch(undefined),
  when: z.enum(["upcoming", "past"]).optional().catch(undefined),
  page: z.coerce.number().int().min(1).max(10_000).optional().catch(undefined),
  pageSize: z.coerce.number().int().min(1).max(100).optional().catch(undefined),
});

export const SlotsQuerySchema = z
  .object({
    service: z.string().min(1, "service is required"),
    from: z.string().refine(isRealDay, "from must be YYYY-MM-DD"),
    to: z.string().refine(isRealDay, "to must be YYYY-MM-DD"),
  })
  .refine((value) => value.from <= value.to, { message: "from must not be after to", path: ["to"] })
  .refine((value) => Date.parse(value.to) - Date.parse(value.from) <= 62 * 86_400_000, { message: "at most 62 days at a time", path: ["to"] });

/** A URL's search parameters as a plain object (first value of each). */
export function searchParamsObject(url: URL | string): Record<string, string> {
  return Object.fromEntries(new URL(url).searchParams);
}
