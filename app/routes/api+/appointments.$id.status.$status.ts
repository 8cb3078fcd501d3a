import { json, type ActionFunctionArgs } from "@remix-run/node";
import { requireFeature } from "~/features/auth/guards.server";
import { methodNotAllowed, parseApiBody } from "~/lib/http.server";
import { ApiStatusSchema } from "~/features/appointments/appointments.schema";
import { changeAppointmentStatus } from "~/features/appointments/appointments.server";
import { answerApi, appointmentJson } from "~/features/appointments/api.server";

/**
 * PUT|PATCH /api/appointments/{id}/status/{status} `{ note? }`: staff move an
 * appointment along the state machine; a client may only cancel its own.
 */
export async function action({ request, params }: ActionFunctionArgs) {
  if (request.method !== "PUT" && request.method !== "PATCH" && request.method !== "POST") return methodNotAllowed(["PUT", "PATCH"]);
  const user = await requireFeature(request, "appointments");
  const body = await parseApiBody(request, ApiStatusSchema);
  return answerApi(request, async () => {
    const appointment = await changeAppointmentStatus(user, params.id!, params.status!, body.note);
    return json({ appointment: appointmentJson(appointment) });
  });
}

export function loader() {
  return methodNotAllowed(["PUT", "PATCH"]);
}
