import { json, type ActionFunctionArgs, type LoaderFunctionArgs } from "@remix-run/node";
import { getLanguage } from "~/lib/i18n/i18n.server";
import { requireFeature } from "~/features/auth/guards.server";
import { methodNotAllowed, parseApiBody } from "~/lib/http.server";
import { ApiUpdateSchema } from "~/features/appointments/appointments.schema";
import {
  deleteAppointment,
  getAppointment,
  getAppointmentHistory,
  rescheduleAppointment,
  updateAppointmentNotes,
} from "~/features/appointments/appointments.server";
import { answerApi, appointmentJson } from "~/features/appointments/api.server";

/** GET one appointment (with its history); PATCH reschedules or edits notes; DELETE (staff) removes it. */
export async function loader({ request, params }: LoaderFunctionArgs) {
  const user = await requireFeature(request, "appointments");
  const language = await getLanguage(request);
  return answerApi(request, async () => {
    const appointment = await getAppointment(user, params.id!, language);
    const history = await getAppointmentHistory(user, appointment.id);
    return json({ appointment: { ...appointmentJson(appointment), history } });
  });
}

export async function action({ request, params }: ActionFunctionArgs) {
  const user = await requireFeature(request, "appointments");
  const language = await getLanguage(request);
  const id = params.id!;
  if (request.method === "PATCH" || request.method === "PUT") {
    const body = await parseApiBody(request, ApiUpdateSchema);
    return answerApi(request, async () => {
      if (body.startsAt !== undefined) await rescheduleAppointment(user, id, body.startsAt);
      if (body.notes !== undefined) await updateAppointmentNotes(user, id, body.notes);
      return json({ appointment: appointmentJson(await getAppointment(user, id, language)) });
    });
  }
  if (request.method === "DELETE") {
    return answerApi(request, async () => {
      await deleteAppointment(user, id);
      return json({ message: "Appointment deleted" });
    });
  }
  return methodNotAllowed(["GET", "PATCH", "PUT", "DELETE"]);
}
