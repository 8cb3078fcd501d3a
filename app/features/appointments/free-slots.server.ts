import { closedDaysBetween, getAvailabilitySettings } from "~/features/availability/index.server";
import { bookingWindow, computeSlots, type Slot } from "~/features/availability";
import { db } from "~/lib/db/db.server";
import { ACTIVE_APPOINTMENT_STATUSES } from "./status";

/**
 * The office's free slots: the availability area's rules and closed days, less the times
 * appointments keep busy. A module of its own so that the booking pages, the demo and the
 * available-slots API reach it without the rule module.
 */

/** The times appointments keep busy between two instants. */
async function listBusyIntervals(range: { from: string; to: string; ignoreAppointmentId?: string }): Promise<Array<{ startsAt: string; endsAt: string }>> {
  let query = db()
    .selectFrom("appointments")
    .select(["startsAt", "endsAt"])
    .where("status", "in", [...ACTIVE_APPOINTMENT_STATUSES])
    .where("startsAt", "<", range.to)
    .where("endsAt", ">", range.from);
  if (range.ignoreAppointmentId) query = query.where("id", "!=", range.ignoreAppointmentId);
  return query.execute();
}

/**
 * Free slots for a service of `durationMinutes` between two office days. The
 * booking form, the reschedule form and `GET /api/appointments/available-slots`
 * all call this. `ignoreAppointmentId` lets an appointment move within its own time.
 */
export async function findFreeSlots(input: {
  durationMinutes: number;
  from: string;
  to: string;
  now?: Date;
  ignoreAppointmentId?: string;
  /** the office's offer without the bookings (tells "just taken" from "never offered") */
  ignoreBookings?: boolean;
}): Promise<{ timeZone: string; slots: Slot[] }> {
  const rules = await getAvailabilitySettings();
  const now = input.now ?? new Date();
  const window = bookingWindow(rules, now);
  const from = input.from < window.firstDay ? window.firstDay : input.from;
  const to = input.to > window.lastDay ? window.lastDay : input.to;
  if (from > to) return { timeZone: rules.timeZone, slots: [] };

  // Busy intervals near the range: a day either side covers time-zone offsets and the buffer.
  const rangeStart = new Date(Date.parse(`${from}T00:00:00Z`) - 2 * 86_400_000).toISOString();
  const rangeEnd = new Date(Date.parse(`${to}T00:00:00Z`) + 3 * 86_400_000).toISOString();
  const busy = input.ignoreBookings ? [] : await listBusyIntervals({ from: rangeStart, to: rangeEnd, ignoreAppointmentId: input.ignoreAppointmentId });
  const closedDays = await closedDaysBetween(from, to);

  const slots = computeSlots({
    rules,
    durationMinutes: input.durationMinutes,
    from,
    to,
    closedDays,
    busy,
    now,
  });
  return { timeZone: rules.timeZone, slots };
}
