import { DateTime } from "luxon";
import { findFreeSlots, getAvailabilitySettings } from "~/features/availability/availability.server";
import { bookingWindow, isValidTimeZone, type Slot } from "~/features/availability/slots";
import { AppointmentError, getAppointment, type Actor, type AppointmentView } from "./appointments.server";

/**
 * What the booking and reschedule screens show: the free slots of the whole
 * booking window (from the same `findFreeSlots` as the available-slots API),
 * grouped by day in the time zone the visitor reads in.
 */
export type DayChoice = { day: string; count: number };

export type SlotChoices = {
  /** the zone times are shown in (the browser's, else the office's) */
  timeZone: string;
  officeTimeZone: string;
  days: DayChoice[];
  /** the chosen day, when it has free slots */
  day: string | null;
  slots: Slot[];
};

export async function slotChoices(input: {
  durationMinutes: number;
  timeZone?: string | null;
  day?: string | null;
  ignoreAppointmentId?: string;
}): Promise<SlotChoices> {
  const rules = await getAvailabilitySettings();
  const timeZone = isValidTimeZone(input.timeZone) ? input.timeZone : rules.timeZone;
  const window = bookingWindow(rules, new Date());
  const { slots } = await findFreeSlots({
    durationMinutes: input.durationMinutes,
    from: window.firstDay,
    to: window.lastDay,
    ignoreAppointmentId: input.ignoreAppointmentId,
  });
  const byDay = new Map<string, Slot[]>();
  for (const slot of slots) {
    const day = DateTime.fromISO(slot.startsAt, { zone: timeZone }).toISODate()!;
    const list = byDay.get(day) ?? [];
    list.push(slot);
    byDay.set(day, list);
  }
  const day = input.day && byDay.has(input.day) ? input.day : null;
  return {
    timeZone,
    officeTimeZone: rules.timeZone,
    days: [...byDay.entries()].map(([key, list]) => ({ day: key, count: list.length })),
    day,
    slots: day ? byDay.get(day)! : [],
  };
}

/** The appointment for a page, or a 404 page (a client never learns that another's exists). */
export async function appointmentOr404(actor: Actor, id: string, locale = "en"): Promise<AppointmentView> {
  try {
    return await getAppointment(actor, id, locale);
  } catch (error) {
    if (error instanceof AppointmentError && error.code === "notFound") {
      throw new Response("Not Found", { status: 404 });
    }
    throw error;
  }
}
