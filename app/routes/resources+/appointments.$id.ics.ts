import type { LoaderFunctionArgs } from "@remix-run/node";
import { appointmentOr404 } from "~/features/appointments/booking.server";
import { appointmentIcs } from "~/features/appointments/messages.server";
import { getLanguage } from "~/lib/i18n/i18n.server";
import { requireFeature } from "~/features/auth/guards.server";

/** GET /resources/appointments/{id}/ics: "Add to calendar" (the client's own, or any for staff). */
export async function loader({ request, params }: LoaderFunctionArgs) {
  const user = await requireFeature(request, "appointments");
  const language = await getLanguage(request);
  const appointment = await appointmentOr404(user, params.id!, language);
  return new Response(appointmentIcs(appointment), {
    headers: {
      "Content-Type": "text/calendar; charset=utf-8",
      "Content-Disposition": `attachment; filename="${appointment.reference}.ics"`,
      "X-Content-Type-Options": "nosniff",
      "Cache-Control": "private, no-store",
    },
  });
}
