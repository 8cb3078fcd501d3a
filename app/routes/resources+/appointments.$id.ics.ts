import type { LoaderFunctionArgs } from "@remix-run/node";
import { getAppointment, calendarFileResponse } from "~/features/appointments/index.server";
import { requireFeature } from "~/core/identity/guards.server";
import { loadOrNotFound } from "~/lib/http.server";
import { getLanguage } from "~/lib/i18n/i18n.server";

/** GET /resources/appointments/{id}/ics: "Add to calendar" (the client's own, or any for staff). */
export async function loader({ request, params }: LoaderFunctionArgs) {
  const user = await requireFeature(request, "appointments");
  const appointment = await loadOrNotFound(getAppointment(user, params.id!, await getLanguage(request)));
  return calendarFileResponse(appointment);
}
