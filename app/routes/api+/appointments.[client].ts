import { requireFeature } from "~/core/identity/guards.server";
import { appointmentJson, listAppointments } from "~/features/appointments/index.server";
import { parseAppointmentListQuery } from "~/features/appointments";
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
