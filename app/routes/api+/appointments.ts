import { json } from "@remix-run/node";
import { requireFeature } from "~/core/identity/guards.server";
import { appointmentJson, createAppointment, listAppointments } from "~/features/appointments/index.server";
import { ApiCreateSchema, parseAppointmentListQuery } from "~/features/appointments";
import { apiLanguage, apiRoute, readApiBody } from "~/lib/api.server";
import { pageJson } from "~/lib/pagination";

/**
 * GET /api/appointments: staff see all, a client its own (`?status=&from=&to=&when=&page=&perPage=`),
 * answered as `{ appointments, page, perPage, total, … }`. POST books a free slot (201).
 */
export const { loader, action } = apiRoute({
  GET: async ({ request }) => {
    const user = await requireFeature(request, "appointments");
    const page = await listAppointments(user, parseAppointmentListQuery(new URL(request.url)), apiLanguage(request));
    return pageJson("appointments", { ...page, items: page.items.map(appointmentJson) });
  },
  POST: async ({ request }) => {
    const user = await requireFeature(request, "appointments");
    const body = await readApiBody(request, ApiCreateSchema);
    const appointment = await createAppointment(user, {
      service: (body.serviceId ?? body.serviceKey)!,
      startsAt: body.startsAt,
      notes: body.notes,
      timeZone: body.timeZone,
      clientId: body.clientId,
    });
    return json({ appointment: appointmentJson(appointment) }, { status: 201 });
  },
});
