import { requireFeature } from "~/core/identity/guards.server";
import { clientIp } from "~/lib/http.server";
import { appointmentJson, changeAppointmentStatus, getAppointment } from "~/features/appointments/index.server";
import { ApiStatusSchema } from "~/features/appointments";
import { apiLanguage, apiRoute, readApiBody, type ApiHandler } from "~/lib/api.server";

/**
 * PUT|PATCH /api/appointments/{id}/status/{status} `{ note? }`: staff move an
 * appointment along the state machine; a client may only cancel its own.
 */
const change: ApiHandler = async ({ request, params }) => {
  const user = await requireFeature(request, "appointments");
  const body = await readApiBody(request, ApiStatusSchema);
  await changeAppointmentStatus({ ...user, ip: clientIp(request) }, params.id!, params.status!, body.note);
  return { appointment: appointmentJson(await getAppointment(user, params.id!, apiLanguage(request))) };
};

export const { loader, action } = apiRoute({ PUT: change, PATCH: change, POST: change });
