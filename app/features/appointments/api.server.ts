import type { AppointmentView } from "./types";

/**
 * The JSON shape of an appointment in the API: plain data, no Response.
 * The routes are made with apiRoute (lib/api.server.ts), which answers refusals.
 */
export function appointmentJson(appointment: AppointmentView) {
  return {
    id: appointment.id,
    _id: appointment.id,
    reference: appointment.reference,
    status: appointment.status,
    startsAt: appointment.startsAt,
    endsAt: appointment.endsAt,
    notes: appointment.notes,
    clientTimeZone: appointment.clientTimeZone,
    client: { id: appointment.clientId, fullName: appointment.clientName, email: appointment.clientEmail },
    service: { id: appointment.serviceId, key: appointment.serviceKey, title: appointment.serviceTitle, durationMinutes: appointment.durationMinutes },
    createdAt: appointment.createdAt,
    updatedAt: appointment.updatedAt,
  };
}
