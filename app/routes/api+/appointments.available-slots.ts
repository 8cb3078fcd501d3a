import { json, type LoaderFunctionArgs } from "@remix-run/node";
import { requireUser } from "~/features/auth/guards.server";
import { apiError, methodNotAllowed } from "~/lib/http.server";
import { SlotsQuerySchema, searchParamsObject } from "~/features/appointments/appointments.schema";
import { findBookableService } from "~/features/appointments/appointments.server";
import { findFreeSlots } from "~/features/availability/availability.server";

/**
 * GET /api/appointments/available-slots?service=…&from=YYYY-MM-DD&to=YYYY-MM-DD
 * → { timeZone, slots: [{ startsAt, endsAt }] } (days in the office's time zone).
 * The booking page shows exactly these slots.
 */
export async function loader({ request }: LoaderFunctionArgs) {
  await requireUser(request);
  const parsed = SlotsQuerySchema.safeParse(searchParamsObject(request.url));
  if (!parsed.success) throw apiError(400, parsed.error.issues[0]?.message ?? "Invalid query");
  const query = parsed.data;
  const service = await findBookableService(query.service);
  if (!service) throw apiError(404, "Service not found");
  const { timeZone, slots } = await findFreeSlots({ durationMinutes: service.durationMinutes, from: query.from, to: query.to });
  return json({ timeZone, service: { id: service.id, key: service.key, durationMinutes: service.durationMinutes }, slots });
}

export function action() {
  return methodNotAllowed(["GET"]);
}
