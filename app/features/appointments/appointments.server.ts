import { sql, type RawBuilder } from "kysely";
import { DateTime } from "luxon";
import { AppError, conflict, forbidden, invalid, isUniqueViolation, notFound } from "~/lib/app-error";
import { audit } from "~/lib/audit.server";
import { db } from "~/lib/db/db.server";
import { countPerBucket, type Bucket } from "~/lib/statistics.server";
import { isAdminRole } from "~/lib/features";
import { createFormatter } from "~/lib/format";
import { newId, newReference, nowIso } from "~/lib/ids.server";
import { logger } from "~/lib/logger.server";
import { type Page } from "~/lib/pagination";
import { countCapped, keysetPage } from "~/lib/pagination.server";
import { notify } from "~/core/notify.server";
import { getService, listServices, serviceKeySql, serviceTitleSql } from "~/features/services/index.server";
import { getAvailabilitySettings } from "~/features/availability/index.server";
import { findFreeSlots } from "./free-slots.server";
import { canonicalIso, holdStartsFor, isValidTimeZone } from "~/features/availability";
import { findRecipient, userColumnSql, userExists } from "~/core/identity/directory.server";
import type { AppointmentListQuery } from "./appointments.schema";
import { sendAppointmentMessage } from "./messages.server";
import { ACTIVE_APPOINTMENT_STATUSES, canMoveAppointment, isAppointmentStatus, type AppointmentStatus } from "./status";
import type { Actor, AppointmentView, ClientMessageKind, HistoryEntry } from "./types";

export type { Actor, AppointmentView, ClientMessageKind, HistoryEntry } from "./types";

/**
 * Appointments: booking, rescheduling, status changes and reads. Every page
 * action and API route goes through these functions; they check the caller's
 * rights themselves (a client reaches only its own appointments: anything else
 * is "not found") and refuse with an AppError (lib/app-error). The only module
 * writing appointments, their holds and history.
 */
const ERRORS = {
  notFound: () => notFound("appointments:errors.notFound"),
  forbidden: () => forbidden("appointments:errors.forbidden"),
  serviceNotFound: () => new AppError(404, "appointments:errors.serviceNotFound", { field: "service" }),
  clientRequired: () => invalid("appointments:errors.clientRequired", { field: "clientId" }),
  clientNotFound: () => new AppError(404, "appointments:errors.clientNotFound", { field: "clientId" }),
  slotUnavailable: () => conflict("appointments:errors.slotUnavailable"),
  slotTaken: () => conflict("appointments:errors.slotTaken"),
  invalidTransition: () => conflict("appointments:errors.invalidTransition"),
  tooLateToChange: () => conflict("appointments:errors.tooLateToChange"),
} as const;

function isStaff(actor: Actor): boolean {
  return isAdminRole(actor.role);
}

/** The base query: an appointment with its client (users area, by id) and its service title in `language` (services area: English, then the key, as fallback). */
function appointmentsQuery(language: string, base = db().selectFrom("appointments as a")) {
  return base
    .innerJoin("services as s", "s.id", "a.serviceId")
    .select([
      "a.id",
      "a.reference",
      "a.clientId",
      userColumnSql("a.clientId", "fullName").$notNull().as("clientName"),
      userColumnSql("a.clientId", "email").$notNull().as("clientEmail"),
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
    .select(serviceTitleSql("a.serviceId", language).as("serviceTitle"));
}

type Row = Awaited<ReturnType<ReturnType<typeof appointmentsQuery>["executeTakeFirstOrThrow"]>>;
function toView(row: Row): AppointmentView {
  return { ...row, status: row.status as AppointmentStatus, serviceTitle: String(row.serviceTitle) };
}

export type ServiceChoice = { id: string; key: string; title: string; durationMinutes: number };

/** Services a client may book, with their titles in `language` (the services area's list). */
export async function listBookableServices(language: string): Promise<ServiceChoice[]> {
  const services = await listServices(language);
  return services.map(({ id, key, title, durationMinutes }) => ({ id, key, title, durationMinutes }));
}

/** An active service by id or key (API `serviceId` / `serviceKey`, page `?service=`). */
export async function findBookableService(idOrKey: string): Promise<{ id: string; key: string; durationMinutes: number } | null> {
  const service = await getService(idOrKey, "en");
  return service ? { id: service.id, key: service.key, durationMinutes: service.durationMinutes } : null;
}

async function loadAppointment(id: string, language = "en"): Promise<AppointmentView | null> {
  const row = await appointmentsQuery(language).where("a.id", "=", id).executeTakeFirst();
  return row ? toView(row) : null;
}

/** One appointment the actor may see (staff: any; client: its own), else a 404 refusal. */
export async function getAppointment(actor: Actor, id: string, language = "en"): Promise<AppointmentView> {
  const appointment = await loadAppointment(id, language);
  if (!appointment || (!isStaff(actor) && appointment.clientId !== actor.id)) throw ERRORS.notFound();
  return appointment;
}

export async function getAppointmentHistory(actor: Actor, id: string): Promise<HistoryEntry[]> {
  await getAppointment(actor, id);
  const rows = await db()
    .selectFrom("appointmentStatusHistory as h")
    .select(["h.id", "h.fromStatus", "h.toStatus", "h.note", "h.createdAt", userColumnSql("h.changedBy", "fullName").as("changedByName")])
    .where("h.appointmentId", "=", id)
    .orderBy("h.createdAt")
    .limit(100)
    .execute();
  return rows.map((row) => ({ ...row, fromStatus: row.fromStatus as AppointmentStatus | null, toStatus: row.toStatus as AppointmentStatus }));
}

/** A day (YYYY-MM-DD) in `timeZone` → the UTC instant it starts. */
function dayStart(day: string, timeZone: string, plusDays = 0): string {
  return canonicalIso(DateTime.fromISO(day, { zone: timeZone }).plus({ days: plusDays }).startOf("day"));
}

/**
 * Staff see every appointment, a client its own; filtered and paginated on the server.
 * `from`/`to` are days in `query.timeZone` (the office's when not given).
 */
export async function listAppointments(actor: Actor, query: AppointmentListQuery, language = "en"): Promise<Page<AppointmentView>> {
  const timeZone = isValidTimeZone(query.timeZone) ? query.timeZone : (await getAvailabilitySettings()).timeZone;
  const now = nowIso();
  // Filters and the count on the appointments table alone; the joins for the page's rows only, so a page costs the same at any volume.
  let base = db().selectFrom("appointments as a");
  if (!isStaff(actor)) base = base.where("a.clientId", "=", actor.id);
  if (query.status) base = base.where("a.status", "=", query.status);
  if (query.from) base = base.where("a.startsAt", ">=", dayStart(query.from, timeZone));
  if (query.to) base = base.where("a.startsAt", "<", dayStart(query.to, timeZone, 1));
  if (query.when === "upcoming") base = base.where("a.startsAt", ">=", now);
  if (query.when === "past") base = base.where("a.startsAt", "<", now);
  const page = await keysetPage(appointmentsQuery(language, base), query, {
    keys: [
      { ref: "a.startsAt", value: (row) => row.startsAt },
      { ref: "a.id", value: (row) => row.id },
    ],
    direction: query.when === "past" ? "desc" : "asc",
    count: () => countCapped(base),
    base,
  });
  return { ...page, items: page.items.map(toView) };
}

/** A client's next requested or confirmed appointment (the client overview's "Next appointment"). */
export async function findNextAppointment(clientId: string, language: string, now = new Date()): Promise<AppointmentView | null> {
  const row = await appointmentsQuery(language)
    .where("a.clientId", "=", clientId)
    .where("a.status", "in", [...ACTIVE_APPOINTMENT_STATUSES])
    .where("a.startsAt", ">=", now.toISOString())
    .orderBy("a.startsAt")
    .limit(1)
    .executeTakeFirst();
  return row ? toView(row) : null;
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
  if (!day) throw ERRORS.slotUnavailable();
  const offered = (slots: Array<{ startsAt: string }>) => slots.some((slot) => slot.startsAt === startsAt);
  if (offered((await findFreeSlots({ durationMinutes, from: day, to: day, now, ignoreAppointmentId })).slots)) return;
  // A time the office offers but someone else holds was "just taken"; anything else was never available.
  const ignoringBookings = await findFreeSlots({ durationMinutes, from: day, to: day, now, ignoreBookings: true });
  throw offered(ignoringBookings.slots) ? ERRORS.slotTaken() : ERRORS.slotUnavailable();
}

function normaliseStart(startsAt: string): string {
  const parsed = DateTime.fromISO(startsAt, { setZone: true });
  if (!parsed.isValid) throw ERRORS.slotUnavailable();
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
  if (!service) throw ERRORS.serviceNotFound();
  let clientId = actor.id;
  if (isStaff(actor)) {
    if (!input.clientId) throw ERRORS.clientRequired();
    if (!(await userExists(input.clientId))) throw ERRORS.clientNotFound();
    clientId = input.clientId;
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
    if (isUniqueViolation(error)) throw ERRORS.slotTaken();
    throw error;
  }
  const appointment = (await loadAppointment(id))!;
  await tellClient(actor, appointment, "requested", null);
  return appointment;
}

/**
 * Moves an appointment to another free slot: its holds are released and the new
 * ones taken in one transaction, so a failure leaves the old time in place.
 */
export async function rescheduleAppointment(actor: Actor, id: string, newStart: string, now = new Date()): Promise<AppointmentView> {
  const appointment = await getAppointment(actor, id);
  const rules = await getAvailabilitySettings();
  if (!ACTIVE_APPOINTMENT_STATUSES.includes(appointment.status)) throw ERRORS.tooLateToChange();
  if (!isStaff(actor) && !clientMayChange(appointment, rules.minNoticeHours, now)) throw ERRORS.tooLateToChange();
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
        if (Number(result.numUpdatedRows) !== 1) throw ERRORS.tooLateToChange();
      });
  } catch (error) {
    if (isUniqueViolation(error)) throw ERRORS.slotTaken();
    throw error;
  }
  const moved = (await loadAppointment(id))!;
  await tellClient(actor, moved, "rescheduled", null);
  return moved;
}

export async function updateAppointmentNotes(actor: Actor, id: string, notes: string | null): Promise<AppointmentView> {
  const appointment = await getAppointment(actor, id);
  if (!isStaff(actor) && !ACTIVE_APPOINTMENT_STATUSES.includes(appointment.status)) throw ERRORS.tooLateToChange();
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
export async function changeAppointmentStatus(actor: Actor, id: string, to: string, note?: string | null, now = new Date()): Promise<AppointmentView> {
  const appointment = await getAppointment(actor, id);
  if (!isAppointmentStatus(to)) throw ERRORS.invalidTransition();
  if (!isStaff(actor)) {
    if (to !== "cancelled") throw ERRORS.forbidden();
    const { minNoticeHours } = await getAvailabilitySettings();
    if (canMoveAppointment(appointment.status, to) && !clientMayChange(appointment, minNoticeHours, now)) {
      throw ERRORS.tooLateToChange();
    }
  }
  const from = appointment.status;
  if (!canMoveAppointment(from, to)) throw ERRORS.invalidTransition();
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
      if (Number(result.numUpdatedRows) !== 1) throw ERRORS.invalidTransition();
      if (!ACTIVE_APPOINTMENT_STATUSES.includes(to)) {
        await trx.deleteFrom("appointmentSlotHolds").where("appointmentId", "=", id).execute();
      }
      await trx
        .insertInto("appointmentStatusHistory")
        .values({ id: newId(), appointmentId: id, fromStatus: from, toStatus: to, changedBy: actor.id, note: cleanNote })
        .execute();
    });
  await audit({
    actorId: actor.id,
    action: "appointment.status_changed",
    targetType: "appointment",
    targetId: id,
    ip: actor.ip ?? null,
    meta: { reference: appointment.reference, from, to },
  });
  const changed = (await loadAppointment(id))!;
  await tellClient(actor, changed, to, cleanNote);
  return changed;
}

/** Staff only: removes an appointment with its holds and history. */
export async function deleteAppointment(actor: Actor, id: string): Promise<void> {
  await getAppointment(actor, id);
  if (!isStaff(actor)) throw ERRORS.forbidden();
  await db().deleteFrom("appointments").where("id", "=", id).execute();
}

/**
 * A notification row (unless the client did it) and an e-mail in the client's language, the
 * time in the client's zone (their profile's, else the office's) with the zone named; failures
 * are logged, never fatal. The notification keeps only `serviceId` and `startsAt`, so each reader
 * reads the service's title and the time in their own language and zone.
 */
async function tellClient(actor: Actor, appointment: AppointmentView, kind: ClientMessageKind, note: string | null): Promise<void> {
  try {
    const client = await findRecipient(appointment.clientId);
    if (!client) throw new Error(`The appointment's client ${appointment.clientId} is not found`);
    const rules = await getAvailabilitySettings();
    const localized = (await loadAppointment(appointment.id, client.locale)) ?? appointment;
    const when = createFormatter(client.locale, isValidTimeZone(client.timeZone) ? client.timeZone : rules.timeZone).longDateTime(localized.startsAt);
    await notify({
      userId: client.id,
      actorId: actor.id,
      type: `appointment.${kind}`,
      titleKey: `appointments:notifications.${kind}.title`,
      bodyKey: `appointments:notifications.${kind}.body`,
      // Language-neutral values only: the reader's language writes the service's title and the time.
      params: { reference: localized.reference, serviceId: localized.serviceId, serviceKey: localized.serviceKey, startsAt: localized.startsAt },
      link: `/client/appointments/${localized.id}`,
    });
    await sendAppointmentMessage({ appointment: localized, kind, note, when, to: client.email, language: client.locale });
  } catch (error) {
    logger.warn({ err: error, appointmentId: appointment.id, kind }, "appointment message not delivered");
  }
}

/** True when a service was ever booked (the services area deactivates it instead of deleting it). */
export async function hasAppointmentsForService(serviceId: string): Promise<boolean> {
  return Boolean(await db().selectFrom("appointments").select("id").where("serviceId", "=", serviceId).limit(1).executeTakeFirst());
}

/** An appointment's reference as a subquery, for other areas' lists that link to one. */
export function appointmentReferenceSql(appointmentId: string): RawBuilder<string | null> {
  return sql<string | null>`(select ap.reference from appointments ap where ap.id = ${sql.ref(appointmentId)})`;
}

// ---------------------------------------------------------------------------
// A client's records as a whole: the data export and the deletion with retention
// (features/client-records/client-records.server.ts, docs/decisions/011). Staff only; the caller checks.

export type AppointmentRecord = {
  id: string;
  reference: string;
  serviceKey: string;
  startsAt: string;
  endsAt: string;
  status: string;
  notes: string | null;
  createdAt: string;
  history: Array<{ fromStatus: string | null; toStatus: string; note: string | null; createdAt: string }>;
};

/** Every appointment of one client (at most 1,000), oldest first, with its status history. */
export async function listAppointmentRecordsOfClient(clientId: string): Promise<AppointmentRecord[]> {
  const rows = await db()
    .selectFrom("appointments as a")
    .select(["a.id", "a.reference", serviceKeySql("a.serviceId").as("serviceKey"), "a.startsAt", "a.endsAt", "a.status", "a.notes", "a.createdAt"])
    .where("a.clientId", "=", clientId)
    .orderBy("a.startsAt", "asc")
    .limit(1000)
    .execute();
  const records: AppointmentRecord[] = [];
  for (const row of rows) {
    const history = await db()
      .selectFrom("appointmentStatusHistory")
      .select(["fromStatus", "toStatus", "note", "createdAt"])
      .where("appointmentId", "=", row.id)
      .orderBy("createdAt", "asc")
      .limit(200)
      .execute();
    records.push({ ...row, history });
  }
  return records;
}

/** Removes every appointment of a client (holds and history go with them). */
export async function deleteAppointmentsOfClient(clientId: string): Promise<number> {
  const result = await db().deleteFrom("appointments").where("clientId", "=", clientId).executeTakeFirst();
  return Number(result.numDeletedRows);
}

/** Dashboard statistics: appointments starting in each period, over appointments_starts_idx. */
export function countAppointmentsPerPeriod(periods: readonly Bucket[]): Promise<number[]> {
  return countPerBucket(db().selectFrom("appointments"), "startsAt", periods);
}
