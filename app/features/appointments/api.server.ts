import { getFixedT } from "~/lib/i18n/i18n.server";
import { apiError } from "~/lib/http.server";
import { AppointmentError, type AppointmentView } from "./appointments.server";

/**
 * The JSON shape of an appointment in the API, and the one translation of
 * AppointmentError into `{ message }` with its status (CONTRACT.md).
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

/** Runs an API handler; an AppointmentError becomes `{ message }` in the caller's language. */
export async function answerApi(request: Request, handler: () => Promise<Response>): Promise<Response> {
  try {
    return await handler();
  } catch (error) {
    if (error instanceof AppointmentError) {
      const t = await getFixedT(request, "appointments");
      throw apiError(error.status, t(error.message.replace(/^appointments:/, "")));
    }
    throw error;
  }
}
