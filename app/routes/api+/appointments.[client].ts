import { requireFeature } from "~/core/identity/guards.server";
import { appointmentJson } from "~/features/appointments/api.server";
import { parseAppointmentListQuery } from "~/features/appointments/appointments.schema";
import { listAppointments } from "~/features/appointments/appointments.server";
import { apiLanguage, apiRoute } from "~/lib/api.server";
import { pageJson } from "~/lib/pagination";

/**
 * GET /api/appointments/client: the caller's own appointments, whatever their role.
 * The file name escapes `.client` ([client]): Remix would otherwise treat the module as browser-only.
 */
export const { loader, action } = apiRoute({
  GET: async ({ request }) => {
    const user = await requireFeature(request, "appointments");
    // Acting as a client (role "client") limits the list to the caller's own records, staff included.
    const page = await listAppointments({ id: user.id, role: "client" }, parseAppointmentListQuery(new URL(request.url)), apiLanguage(request));
    return pageJson("appointments", { ...page, items: page.items.map(appointmentJson) });
  },
});
