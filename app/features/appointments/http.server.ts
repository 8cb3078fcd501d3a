import { appointmentIcs } from "./messages.server";
import type { AppointmentView } from "./types";

/** HTTP answers of the appointments area (rule modules build none). */

/** "Add to calendar": the appointment as an .ics download, never cached. */
export function calendarFileResponse(appointment: AppointmentView): Response {
  return new Response(appointmentIcs(appointment), {
    headers: {
      "Content-Type": "text/calendar; charset=utf-8",
      "Content-Disposition": `attachment; filename="${appointment.reference}.ics"`,
      "Cache-Control": "private, no-store",
    },
  });
}
