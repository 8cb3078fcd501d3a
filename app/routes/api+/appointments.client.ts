import { json, type LoaderFunctionArgs } from "@remix-run/node";
import { getLanguage } from "~/lib/i18n/i18n.server";
import { requireFeature } from "~/features/auth/guards.server";
import { methodNotAllowed } from "~/lib/http.server";
import { ListQuerySchema, searchParamsObject } from "~/features/appointments/appointments.schema";
import { listAppointments } from "~/features/appointments/appointments.server";
import { appointmentJson } from "~/features/appointments/api.server";

/** GET /api/appointments/client: the caller's own appointments, whatever their role. */
export async function loader({ request }: LoaderFunctionArgs) {
  const user = await requireFeature(request, "appointments");
  const language = await getLanguage(request);
  const filters = ListQuerySchema.parse(searchParamsObject(request.url));
  // Acting as a client (role "client") limits the list to the caller's own records, staff included.
  const page = await listAppointments({ id: user.id, role: "client" }, filters, language);
  return json({
    appointments: page.items.map(appointmentJson),
    pagination: { page: page.page, pageSize: page.pageSize, total: page.total, pageCount: page.pageCount },
  });
}

export function action() {
  return methodNotAllowed(["GET"]);
}
