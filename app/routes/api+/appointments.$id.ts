import { requireFeature } from "~/core/identity/guards.server";
import {
  appointmentJson,
  deleteAppointment,
  getAppointment,
  getAppointmentHistory,
  rescheduleAppointment,
  updateAppointmentNotes,
} from "~/features/appointments/index.server";
import { ApiUpdateSchema } from "~/features/appointments";
import { apiLanguage, apiRoute, readApiBody, type ApiHandler } from "~/lib/api.server";
import { getFixedT } from "~/lib/i18n/i18n.server";

/** GET one appointment (with its history); PATCH or PUT reschedules or edits notes; DELETE (staff) removes it. */
const update: ApiHandler = async ({ request, params }) => {
  const user = await requireFeature(request, "appointments");
  const body = await readApiBody(request, ApiUpdateSchema);
  if (body.startsAt !== undefined) await rescheduleAppointment(user, params.id!, body.startsAt);
  if (body.notes !== undefined) await updateAppointmentNotes(user, params.id!, body.notes);
  return { appointment: appointmentJson(await getAppointment(user, params.id!, apiLanguage(request))) };
};

export const { loader, action } = apiRoute({
  GET: async ({ request, params }) => {
    const user = await requireFeature(request, "appointments");
    const appointment = await getAppointment(user, params.id!, apiLanguage(request));
    const history = await getAppointmentHistory(user, appointment.id);
    return { appointment: { ...appointmentJson(appointment), history } };
  },
  PATCH: update,
  PUT: update,
  DELETE: async ({ request, params }) => {
    const user = await requireFeature(request, "appointments");
    await deleteAppointment(user, params.id!);
    const t = await getFixedT(apiLanguage(request), "appointments");
    return { message: t("api.deleted") };
  },
});
