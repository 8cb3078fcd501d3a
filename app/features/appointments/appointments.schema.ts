import { z } from "zod";
import { daySchema, isRealDay } from "~/features/availability";
import { parseListQuery, type PageRequest } from "~/lib/pagination";
import { APPOINTMENT_STATUSES, type AppointmentStatus } from "./status";

/**
 * Input of the appointment pages and API. Messages are i18n keys of the
 * `appointments` namespace (zod's own are `common:validation.*`).
 */
export const instantSchema = z
  .string({ required_error: "appointments:errors.slotRequired" })
  .datetime({ offset: true, message: "appointments:errors.slotRequired" });
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

/** The steps of the booking page (plain GET forms): the service, the month shown, the day, the zone. */
export const BookingQuerySchema = z.object({
  service: z.string().max(100).optional().catch(undefined),
  month: z
    .string()
    .regex(/^\d{4}-\d{2}$/)
    .optional()
    .catch(undefined),
  day: z.string().refine(isRealDay).optional().catch(undefined),
  tz: timeZoneSchema.optional().catch(undefined),
});

// ── API ──────────────────────────────────────────────────────────────────
const apiInstant = z
  .string({ required_error: "appointments:errors.startsAtInvalid" })
  .datetime({ offset: true, message: "appointments:errors.startsAtInvalid" });

export const ApiCreateSchema = z
  .object({
    serviceId: z.string().min(1).optional(),
    serviceKey: z.string().min(1).optional(),
    startsAt: apiInstant,
    notes: notesSchema.nullish(),
    timeZone: timeZoneSchema.nullish(),
    clientId: z.string().min(1).optional(),
  })
  .refine((value) => value.serviceId || value.serviceKey, { message: "appointments:errors.serviceRequired", path: ["serviceId"] });

export const ApiUpdateSchema = z
  .object({
    startsAt: apiInstant.optional(),
    notes: notesSchema.nullish(),
  })
  .refine((value) => value.startsAt !== undefined || value.notes !== undefined, { message: "appointments:errors.changeRequired" });

export const ApiStatusSchema = z.object({ note: z.string().trim().max(1000, "appointments:errors.noteTooLong").nullish() });

export const SlotsQuerySchema = z
  .object({
    service: z.string({ required_error: "appointments:errors.serviceRequired" }).min(1, "appointments:errors.serviceRequired"),
    from: z.string({ required_error: "appointments:errors.dayInvalid" }).refine(isRealDay, "appointments:errors.dayInvalid"),
    to: z.string({ required_error: "appointments:errors.dayInvalid" }).refine(isRealDay, "appointments:errors.dayInvalid"),
  })
  .refine((value) => value.from <= value.to, { message: "appointments:errors.rangeOrder", path: ["to"] })
  .refine((value) => Date.parse(value.to) - Date.parse(value.from) <= 62 * 86_400_000, { message: "appointments:errors.rangeTooLong", path: ["to"] });

// ── lists ────────────────────────────────────────────────────────────────
export type AppointmentListQuery = PageRequest & {
  status?: AppointmentStatus;
  /** days, inclusive, in `timeZone` (the office's when not given) */
  from?: string;
  to?: string;
  /** upcoming: starts now or later, soonest first; past: started before now, latest first */
  when?: "upcoming" | "past";
  timeZone?: string;
};

const LIST_FILTERS = {
  status: z.enum(APPOINTMENT_STATUSES),
  from: daySchema,
  to: daySchema,
  when: z.enum(["upcoming", "past"]),
};

/** `?status=&from=&to=&when=&page=&perPage=` (also `pageSize`, `limit`); a bad value is dropped, never an error. */
export function parseAppointmentListQuery(source: URL | URLSearchParams): AppointmentListQuery {
  const { sort: _sort, ...query } = parseListQuery(source, { filters: LIST_FILTERS });
  return query;
}

/** The client's list: `?view=upcoming|past&page=`. */
export function parseClientListQuery(source: URL | URLSearchParams): AppointmentListQuery & { when: "upcoming" | "past" } {
  const { sort: _sort, view, ...query } = parseListQuery(source, { filters: { view: z.enum(["upcoming", "past"]) } });
  return { ...query, when: view ?? "upcoming" };
}
