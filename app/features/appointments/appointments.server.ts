import { DateTime } from "luxon";
import { db } from "~/lib/db/db.server";
import { newId, newReference, nowIso } from "~/lib/ids.server";
import { isAdminRole } from "~/lib/features";
import { intlLocale } from "~/lib/i18n/config";
import { logger } from "~/lib/logger.server";
import { notify } from "~/features/notifications/notify.server";
import { findFreeSlots, getAvailabilitySettings } from "~/features/availability/availability.server";
import { canonicalIso, holdStartsFor, isValidTimeZone } from "~/features/availability/slots";
import { ACTIVE_APPOINTMENT_STATUSES, canMoveAppointment, isAppointmentStatus, type AppointmentStatus } from "./status";
import { sendAppointmentMessage } from "./messages.server";

/**
 * Appointments: booking, rescheduling, status changes and reads. Every page
 * action and API route goes through these functions; they check the caller's
 * rights themselves (a client reaches only its own appointments: anything else
 * is "not found"). The only module touching appointments, their holds and history.
 */
export type Actor = { id: string; role: string };

export const APPOINTMENT_ERRORS = {
  notFound: 404,
  forbidden: 403,
  serviceNotFound: 404,
  clientRequired: 400,
  clientNotFound: 404,
  slotUnavailable: 409,
  slotTaken: 409,
  invalidTransition: 409,
  tooLateToChange: 409,
} as const;
export type AppointmentErrorCode = keyof typeof APPOINTMENT_ERRORS;

export class AppointmentError extends Error {
  readonly status: number;
  constructor(readonly code: AppointmentErrorCode) {
    super(`appointments:errors.${code}`);
    this.status = APPOINTMENT_ERRORS[code];
  }
}

export const PAGE_SIZE = 20;

export type AppointmentView = {
  id: string;
  reference: string;
  clientId: string;
  clientName: string;
  clientEmail: string;
  serviceId: string;
  serviceKey: string;
  serviceTitle: string;
  durationMinutes: number;
  startsAt: string;
  endsAt: string;
  status: AppointmentStatus;
  notes: string | null;
  clientTimeZone: string | null;
  createdAt: string;
  updatedAt: string;
};

export type HistoryEntry = {
  id: string;
  fromStatus: string | null;
  toStatus: string;
  note: string | null;
  createdAt: string;
  changedByName: string | null;
};

export type Page<T> = { items: T[]; total: number; page: number; pageSize: number; pageCount: number };

function isStaff(actor: Actor): boolean {
  return isAdminRole(actor.role);
}

/** The base query: an appointment with its client and its service title in `locale` (English as fallback). */
function appointmentsQuery(locale: string) {
  return db()
    .selectFrom("appointments as a")
    .innerJoin("users as u", "u.id", "a.clientId")
    .innerJoin("services as s", "s.id", "a.serviceId")
    .leftJoin("serviceTranslations as tl", (join) => join.onRef("tl.serviceId", "=", "a.serviceId").on("tl.locale", "=", locale))
    .leftJoin("serviceTranslations as te", (join) => join.onRef("te.serviceId", "=", "a.serviceId").on("te.locale", "=", "en"))
    .select([
      "a.id",
      "a.reference",
      "a.clientId",
      "u.fullName as clientName",
      "u.email as clientEmail",
      "a.serviceId",
      "s.key as serviceKey",
      "s.durationMinutes",
      "a.startsAt",
      "a.endsAt",
      "a.status",
      "a.notes",
      "a.clientTimeZone",
      "a.createdAt",
      "a.updatedAt",
    ])
    .select((eb) => eb.fn.coalesce("tl.title", "te.title", "s.key").as("serviceTitle"));
}

type Row = Awaited<ReturnType<ReturnType<typeof appointmentsQuery>["executeTakeFirstOrThrow"]>>;
function toView(row: Row): AppointmentView {
  return { ...row, status: row.status as AppointmentStatus, serviceTitle: String(row.serviceTitle) };
}

function isUniqueViolation(error: unknown): boolean {
  const code = (error as { code?: unknown } | null)?.code;
  return code === "23505" || code === "SQLITE_CONSTRAINT_PRIMARYKEY" || code === "SQLITE_CONSTRAINT_UNIQUE";
}

export type ServiceChoice = { id: string; key: string; title: string; durationMinutes: number };

/** Services a client may book, with their titles in `locale`. */
export async function listBookableServices(locale: string): Promise<ServiceChoice[]> {
  const rows = await db()
    .selectFrom("services as s")
    .leftJoin("serviceTranslations as tl", (join) => join.onRef("tl.serviceId", "=", "s.id").on("tl.locale", "=", locale))
    .leftJoin("serviceTranslations as te", (join) => join.onRef("te.serviceId", "=", "s.id").on("te.locale", "=", "en"))
    .select(["s.id", "s.key", "s.durationMinutes"])
    .select((eb) => eb.fn.coalesce("tl.title", "te.title", "s.key").as("title"))
    .where("s.active", "=", true)
    .orderBy("s.sortOrder")
    .limit(100)
    .execute();
  return rows.map((row) => ({ ...row, title: String(row.title) }));
}

/** A service by id or key (API `serviceId` / `serviceKey`, page `?service=`). */
export async function findBookableService(idOrKey: string): Promise<{ id: string; key: string; durationMinutes: number } | null> {
  const row = await db()
    .selectFrom("services")
    .select(["id", "key", "durationMinutes"])
    .where((eb) => eb.or([eb("id", "=", idOrKey), eb("key", "=", idOrKey)]))
    .where("active", "=", true)
    .executeTakeFirst();
  return row ?? null;
}

async function loadAppointment(id: string, locale = "en"): Promise<AppointmentView | null> {
  const row = await appointmentsQuery(locale).where("a.id", "=", id).executeTakeFirst();
  return row ? toView(row) : null;
}

/** One appointment the actor may see (staff: any; client: its own), else `notFound`. */
export async function getAppointment(actor: Actor, id: string, locale = "en"): Promise<AppointmentView> {
  const appointment = await loadAppointment(id, locale);
  if (!appointment || (!isStaff(actor) && appointment.clientId !== actor.id)) throw new AppointmentError("notFound");
  return appointment;
}

export async function getAppointmentHistory(actor: Actor, id: string): Promise<HistoryEntry[]> {
  await getAppointment(actor, id);
  return db()
    .selectFrom("appointmentStatusHistory as h")
    .leftJoin("users as u", "u.id", "h.changedBy")
    .select(["h.id", "h.fromStatus", "h.toStatus", "h.note", "h.createdAt", "u.fullName as changedByName"])
    .where("h.appointmentId", "=", id)
    .orderBy("h.createdAt")
    .limit(100)
    .execute();
}

/** Office day (YYYY-MM-DD) → the UTC instant it starts. */
function officeDayStart(day: string, timeZone: string): string {
  return canonicalIso(DateTime.fromISO(day, { zone: timeZone }).startOf("day"));
}

export type ListFilters = {
  status?: AppointmentStatus;
  /** office days, inclusive */
  from?: string;
  to?: string;
  /** upcoming: starts now or later, soonest first; past: started before now, latest first */
  when?: "upcoming" | "past";
  page?: number;
  pageSize?: number;
};

/** Staff see every appointment, a client its own; filtered and paginated on the server. */
export async function listAppointments(actor: Actor, filters: ListFilters = {}, locale = "en"): Promise<Page<AppointmentView>> {
  const { timeZone } = await getAvailabilitySettings();
  const pageSize = Math.min(Math.max(filters.pageSize ?? PAGE_SIZE, 1), 100);
  const page = Math.max(1, Math.floor(filters.page ?? 1));
  const now = nowIso();
  let query = appointmentsQuery(locale);
  if (!isStaff(actor)) query = query.where("a.clientId", "=", actor.id);
  if (filters.status) query = query.where("a.status", "=", filters.status);
  if (filters.from) query = query.where("a.startsAt", ">=", officeDayStart(filters.from, timeZone));
  if (filters.to) {
    const end = canonicalIso(DateTime.fromISO(filters.to, { zone: timeZone }).plus({ days: 1 }).startOf("day"));
    query = query.where("a.startsAt", "<", end);
  }
  if (filters.when === "upcoming") query = query.where("a.startsAt", ">=", now);
  if (filters.when === "past") query = query.where("a.startsAt", "<", now);

  const { total } = await query
    .clearSelect()
    .select((eb) => eb.fn.countAll<number>().as("total"))
    .executeTakeFirstOrThrow();
  const rows = await query
    .orderBy("a.startsAt", filters.when === "past" ? "desc" : "asc")
    .orderBy("a.id")
    .limit(pageSize)
    .offset((page - 1) * pageSize)
    .execute();
  const count = Number(total);
  return { items: rows.map(toView), total: count, page, pageSize, pageCount: Math.max(1, Math.ceil(count / pageSize)) };
}

/** Appointments (every status) starting in [fromIso, toIso), for the calendar. */
export async function listAppointmentsBetween(fromIso: string, toIso: string, locale = "en"): Promise<AppointmentView[]> {
  const rows = await appointmentsQuery(locale)
    .where("a.startsAt", ">=", fromIso)
    .where("a.startsAt", "<", toIso)
    .orderBy("a.startsAt")
    .limit(1000)
    .execute();
  return rows.map(toView);
}

/**
 * The rule a client meets to reschedule or cancel: the appointment is still
 * requested or confirmed and starts at least the minimum notice from now.
 * Staff may cancel at any time (the state machine still applies).
 */
export function clientMayChange(appointment: Pick<AppointmentView, "status" | "startsAt">, minNoticeHours: number, now = new Date()): boolean {
  if (!ACTIVE_APPOINTMENT_STATUSES.includes(appointment.status)) return false;
  return Date.parse(appointment.startsAt) - now.getTime() >= minNoticeHours * 3_600_000;
}

/** Is `startsAt` one of the free starts for this service right now? */
async function assertFreeSlot(startsAt: string, durationMinutes: number, now: Date, ignoreAppointmentId?: string): Promise<void> {
  const { timeZone } = await getAvailabilitySettings();
  const day = DateTime.fromISO(startsAt, { zone: timeZone }).toISODate();
  if (!day) throw new AppointmentError("slotUnavailable");
  const offered = (slots: Array<{ startsAt: string }>) => slots.some((slot) => slot.startsAt === startsAt);
  if (offered((await findFreeSlots({ durationMinutes, from: day, to: day, now, ignoreAppointmentId })).slots)) return;
  // A time the office offers but someone else holds was "just taken"; anything else was never available.
  const ignoringBookings = await findFreeSlots({ durationMinutes, from: day, to: day, now, ignoreBookings: true });
  throw new AppointmentError(offered(ignoringBookings.slots) ? "slotTaken" : "slotUnavailable");
}

function normaliseStart(startsAt: string): string {
  const parsed = DateTime.fromISO(startsAt, { setZone: true });
  if (!parsed.isValid) throw new AppointmentError("slotUnavailable");
  return canonicalIso(parsed);
}

export type CreateAppointmentInput = {
  service: string;
  startsAt: string;
  notes?: string | null;
  timeZone?: string | null;
  /** staff booking for a client */
  clientId?: string | null;
  now?: Date;
};

/**
 * Books a free slot. The appointment, its first history entry and one hold per
 * slot unit are written in one transaction; the hold table's primary key makes
 * a second booking of the same unit fail, even at the same instant.
 */
export async function createAppointment(actor: Actor, input: CreateAppointmentInput): Promise<AppointmentView> {
  const now = input.now ?? new Date();
  const service = await findBookableService(input.service);
  if (!service) throw new AppointmentError("serviceNotFound");
  let clientId = actor.id;
  if (isStaff(actor)) {
    if (!input.clientId) throw new AppointmentError("clientRequired");
    const client = await db().selectFrom("users").select("id").where("id", "=", input.clientId).executeTakeFirst();
    if (!client) throw new AppointmentError("clientNotFound");
    clientId = client.id;
  }
  const startsAt = normaliseStart(input.startsAt);
  await assertFreeSlot(startsAt, service.durationMinutes, now);
  const rules = await getAvailabilitySettings();
  const id = newId();
  const endsAt = canonicalIso(DateTime.fromISO(startsAt, { zone: "utc" }).plus({ minutes: service.durationMinutes }));
  const timeZone = isValidTimeZone(input.timeZone) ? input.timeZone : null;
  try {
    await db()
      .transaction()
      .execute(async (trx) => {
        await trx
          .insertInto("appointments")
          .values({
            id,
            reference: newReference("AP"),
            clientId,
            serviceId: service.id,
            startsAt,
            endsAt,
            status: "requested",
            notes: input.notes?.trim() || null,
            clientTimeZone: timeZone,
          })
          .execute();
        await trx
          .insertInto("appointmentSlotHolds")
          .values(holdStartsFor(startsAt, service.durationMinutes, rules).map((slotStart) => ({ slotStart, appointmentId: id })))
          .execute();
        await trx
          .insertInto("appointmentStatusHistory")
          .values({ id: newId(), appointmentId: id, fromStatus: null, toStatus: "requested", changedBy: actor.id, note: null })
          .execute();
      });
  } catch (error) {
    if (isUniqueViolation(error)) throw new AppointmentError("slotTaken");
    throw error;
  }
  const appointment = (await loadAppointment(id))!;
  await tellClient(appointment, "requested", null);
  return appointment;
}

/**
 * Moves an appointment to another free slot: its holds are released and the new
 * ones taken in one transaction, so a failure leaves the old time in place.
 */
export async function rescheduleAppointment(actor: Actor, id: string, newStart: string, now = new Date()): Promise<AppointmentView> {
  const appointment = await getAppointment(actor, id);
  const rules = await getAvailabilitySettings();
  if (!ACTIVE_APPOINTMENT_STATUSES.includes(appointment.status)) throw new AppointmentError("tooLateToChange");
  if (!isStaff(actor) && !clientMayChange(appointment, rules.minNoticeHours, now)) throw new AppointmentError("tooLateToChange");
  const startsAt = normaliseStart(newStart);
  if (startsAt === appointment.startsAt) return appointment;
  await assertFreeSlot(startsAt, appointment.durationMinutes, now, id);
  const endsAt = canonicalIso(DateTime.fromISO(startsAt, { zone: "utc" }).plus({ minutes: appointment.durationMinutes }));
  try {
    await db()
      .transaction()
      .execute(async (trx) => {
        await trx.deleteFrom("appointmentSlotHolds").where("appointmentId", "=", id).execute();
        await trx
          .insertInto("appointmentSlotHolds")
          .values(holdStartsFor(startsAt, appointment.durationMinutes, rules).map((slotStart) => ({ slotStart, appointmentId: id })))
          .execute();
        const result = await trx
          .updateTable("appointments")
          .set({ startsAt, endsAt, updatedAt: nowIso() })
          .where("id", "=", id)
          .where("status", "in", [...ACTIVE_APPOINTMENT_STATUSES])
          .executeTakeFirst();
        if (Number(result.numUpdatedRows) !== 1) throw new AppointmentError("tooLateToChange");
      });
  } catch (error) {
    if (isUniqueViolation(error)) throw new AppointmentError("slotTaken");
    throw error;
  }
  const moved = (await loadAppointment(id))!;
  await tellClient(moved, "rescheduled", null);
  return moved;
}

export async function updateAppointmentNotes(actor: Actor, id: string, notes: string | null): Promise<AppointmentView> {
  const appointment = await getAppointment(actor, id);
  if (!isStaff(actor) && !ACTIVE_APPOINTMENT_STATUSES.includes(appointment.status)) throw new AppointmentError("tooLateToChange");
  await db()
    .updateTable("appointments")
    .set({ notes: notes?.trim() || null, updatedAt: nowIso() })
    .where("id", "=", id)
    .execute();
  return (await loadAppointment(id))!;
}

/**
 * Moves an appointment along the state machine (status.ts) for any caller:
 * staff any allowed transition, a client only cancelling its own while allowed.
 * Leaving the active states releases the slot holds.
 */
export async function changeAppointmentStatus(
  actor: Actor,
  id: string,
  to: string,
  note?: string | null,
  now = new Date(),
): Promise<AppointmentView> {
  const appointment = await getAppointment(actor, id);
  if (!isAppointmentStatus(to)) throw new AppointmentError("invalidTransition");
  if (!isStaff(actor)) {
    if (to !== "cancelled") throw new AppointmentError("forbidden");
    const { minNoticeHours } = await getAvailabilitySettings();
    if (canMoveAppointment(appointment.status, to) && !clientMayChange(appointment, minNoticeHours, now)) {
      throw new AppointmentError("tooLateToChange");
    }
  }
  const from = appointment.status;
  if (!canMoveAppointment(from, to)) throw new AppointmentError("invalidTransition");
  const cleanNote = note?.trim() || null;
  await db()
    .transaction()
    .execute(async (trx) => {
      // Only from the status we read: a concurrent change makes this one fail, not both succeed.
      const result = await trx
        .updateTable("appointments")
        .set({ status: to, updatedAt: nowIso() })
        .where("id", "=", id)
        .where("status", "=", from)
        .executeTakeFirst();
      if (Number(result.numUpdatedRows) !== 1) throw new AppointmentError("invalidTransition");
      if (!ACTIVE_APPOINTMENT_STATUSES.includes(to)) {
        await trx.deleteFrom("appointmentSlotHolds").where("appointmentId", "=", id).execute();
      }
      await trx
        .insertInto("appointmentStatusHistory")
        .values({ id: newId(), appointmentId: id, fromStatus: from, toStatus: to, changedBy: actor.id, note: cleanNote })
        .execute();
    });
  const changed = (await loadAppointment(id))!;
  await tellClient(changed, to, cleanNote);
  return changed;
}

/** Staff only: removes an appointment with its holds and history. */
export async function deleteAppointment(actor: Actor, id: string): Promise<void> {
  await getAppointment(actor, id);
  if (!isStaff(actor)) throw new AppointmentError("forbidden");
  await db().deleteFrom("appointments").where("id", "=", id).execute();
}

export type ClientMessageKind = AppointmentStatus | "rescheduled";

/** A notification row and an e-mail in the client's language; failures are logged, never fatal. */
async function tellClient(appointment: AppointmentView, kind: ClientMessageKind, note: string | null): Promise<void> {
  try {
    const client = await db().selectFrom("users").select(["id", "email", "locale", "timeZone"]).where("id", "=", appointment.clientId).executeTakeFirstOrThrow();
    const rules = await getAvailabilitySettings();
    const localized = (await loadAppointment(appointment.id, client.locale)) ?? appointment;
    const timeZone = [localized.clientTimeZone, client.timeZone].find(isValidTimeZone) ?? rules.timeZone;
    const when = formatWhen(localized.startsAt, client.locale, timeZone);
    await notify({
      userId: client.id,
      type: `appointment.${kind}`,
      titleKey: `appointments:notifications.${kind}.title`,
      bodyKey: `appointments:notifications.${kind}.body`,
      params: { reference: localized.reference, service: localized.serviceTitle, when },
      link: `/client/appointments/${localized.id}`,
    });
    await sendAppointmentMessage({ appointment: localized, kind, note, when, to: client.email, language: client.locale });
  } catch (error) {
    logger.warn({ err: error, appointmentId: appointment.id, kind }, "appointment message not delivered");
  }
}

/** "Monday, November 23, 2026 at 10:00 AM (America/Detroit)" in the reader's language and zone. */
export function formatWhen(iso: string, language: string, timeZone: string): string {
  const text = new Intl.DateTimeFormat(intlLocale(language), { dateStyle: "full", timeStyle: "short", timeZone }).format(new Date(iso));
  return `${text} (${timeZone})`;
}

/** The client's next active appointment from now on, for the client overview; null when there is none. */
export async function nextAppointmentForClient(clientId: string, language: string): Promise<AppointmentView | null> {
  const row = await appointmentsQuery(language)
    .where("a.clientId", "=", clientId)
    .where("a.status", "in", [...ACTIVE_APPOINTMENT_STATUSES])
    .where("a.startsAt", ">=", nowIso())
    .orderBy("a.startsAt", "asc")
    .limit(1)
    .executeTakeFirst();
  return row ? toView(row) : null;
}

/** True when a service was ever booked (the services area deactivates it instead of deleting it). */
export async function hasAppointmentsForService(serviceId: string): Promise<boolean> {
  return Boolean(await db().selectFrom("appointments").select("id").where("serviceId", "=", serviceId).limit(1).executeTakeFirst());
}
