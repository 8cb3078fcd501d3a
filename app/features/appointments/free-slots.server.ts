import { db } from "~/lib/db/db.server";
import { ACTIVE_APPOINTMENT_STATUSES } from "./status";

/**
 * The times appointments keep busy, for the slot engine (availability area). A module
 * of its own so that availability reads the appointments table through this area
 * without importing the rule module (which imports availability).
 */
export async function listBusyIntervals(range: { from: string; to: string; ignoreAppointmentId?: string }): Promise<Array<{ startsAt: string; endsAt: string }>> {
  let query = db()
    .selectFrom("appointments")
    .select(["startsAt", "endsAt"])
    .where("status", "in", [...ACTIVE_APPOINTMENT_STATUSES])
    .where("startsAt", "<", range.to)
    .where("endsAt", ">", range.from);
  if (range.ignoreAppointmentId) query = query.where("id", "!=", range.ignoreAppointmentId);
  return query.execute();
}
