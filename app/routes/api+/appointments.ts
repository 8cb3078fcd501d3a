import { json, type ActionFunctionArgs, type LoaderFunctionArgs } from "@remix-run/node";
import { getLanguage } from "~/lib/i18n/i18n.server";
import { requireFeature } from "~/features/auth/guards.server";
import { methodNotAllowed, parseApiBody } from "~/lib/http.server";
import { ApiCreateSchema, ListQuerySchema, searchParamsObject } from "~/features/appointments/appointments.schema";
import { createAppointment, listAppointments } from "~/features/appointments/appointments.server";
import { answerApi, appointmentJson } from "~/features/appointments/api.server";

/** GET /api/appointments: staff see all, a client its own. POST books a free slot. */
export async function loader({ request }: LoaderFunctionArgs) {
  const user = await requireFeature(request, "appointments");
  const language = await getLanguage(request);
  const filters = ListQuerySchema.parse(searchParamsObject(request.url));
  const page = await listAppointments(user, filters, language);
  return json({
    appointments: page.items.map(appointmentJson),
    pagination: { page: page.page, pageSize: page.pageSize, total: page.total, pageCount: page.pageCount },
  });
}

export async function action({ request }: ActionFunctionArgs) {
  if (request.method !== "POST") return methodNotAllowed(["GET", "POST"]);
  const user = await requireFeature(request, "appointments");
  const body = await parseApiBody(request, ApiCreateSchema);
  return answerApi(request, async () => {
    const appointment = await createAppointment(user, {
      service: (body.serviceId ?? body.serviceKey)!,
      startsAt: body.startsAt,
      notes: body.notes,
      timeZone: body.timeZone,
      clientId: body.clientId,
    });
    return json({ appointment: appointmentJson(appointment) }, { status: 201 });
  });
}
